## smoothing: view 7, label smoothing (app/smoothing_view.rs).

smoothing-title = 7 · { -label-smoothing }
smoothing-log = 對數刻度
smoothing-position = 目標{ -token }
smoothing-spread = 正確的{ -token }得到 1 − ε = { $correct }；其餘 V − 2 = { $others } 個{ -token }各得到 ε / { $others } = { $share }；PAD 得到 0。
smoothing-running-eps = 正在訓練的模型使用 ε = { $eps }。
smoothing-chart-label = 目標{ -vocabulary }上的長條圖：範例句中一個目標{ -token }的平滑目標分布 q 與模型的預測分布 p
smoothing-axis-vocabulary = 目標{ -vocabulary }（依{ -token }編號排列）
smoothing-axis-probability = 機率
smoothing-legend-q = 目標 q（ε = { $eps }）
smoothing-legend-p = 模型的預測 p
smoothing-split = 這個位置的{ -loss }：−Σ q log p = { $loss } 奈特 = H(q) { $floor }（下限）+ KL(q ‖ p) { $kl }（訓練還能消除的部分）。這裡 log 是自然對數。
smoothing-split-no-model = 下限 H(q) = { $floor } 奈特。模型在範例句上執行後，這裡會顯示模型的分布以及{ -loss }中的{ -kl }部分。
smoothing-why = 為什麼訓練{ -loss }永遠到不了 0：當 ε > 0 時，目標 q 本身是分散的，所以即使模型恰好預測出 q，在每個{ -token }上仍要付出它的{ -entropy } H(q)；訓練只能消除{ -kl }部分。{ -held-out }資料的{ -loss }則是對獨熱目標計算的。
smoothing-rest = 其餘 { $count } 個
smoothing-axis-top = 目標、<pad>、按機率由高到低的{ -token }，其餘合為一條

## smoothing: view 7, label smoothing (app/smoothing_view.rs).

smoothing-title = 7 · { -label-smoothing }
smoothing-log = 对数坐标
smoothing-position = 目标{ -token }
smoothing-spread = 正确的{ -token }得到 1 − ε = { $correct }；其余 V − 2 = { $others } 个{ -token }各得到 ε / { $others } = { $share }；PAD 得到 0。
smoothing-running-eps = 正在训练的模型使用 ε = { $eps }。
smoothing-chart-label = 目标{ -vocabulary }上的柱状图：示例句中一个目标{ -token }的平滑目标分布 q 与模型的预测分布 p
smoothing-axis-vocabulary = 目标{ -vocabulary }（按{ -token }编号排列）
smoothing-axis-probability = 概率
smoothing-legend-q = 目标 q（ε = { $eps }）
smoothing-legend-p = 模型的预测 p
smoothing-split = 这个位置的{ -loss }：−Σ q log p = { $loss } 奈特 = H(q) { $floor }（下限）+ KL(q ‖ p) { $kl }（训练还能消除的部分）。这里 log 是自然对数。
smoothing-split-no-model = 下限 H(q) = { $floor } 奈特。模型在示例句上运行后，这里会显示模型的分布以及{ -loss }中的{ -kl }部分。
smoothing-why = 为什么训练{ -loss }永远到不了 0：当 ε > 0 时，目标 q 本身是分散的，所以即使模型恰好预测出 q，在每个{ -token }上仍要付出它的{ -entropy } H(q)；训练只能消除{ -kl }部分。{ -held-out }集{ -loss }则是对独热目标计算的。
smoothing-rest = 其余 { $count } 个
smoothing-axis-top = 目标、<pad>、按概率从高到低的{ -token }，其余合为一条

## compare: view 8, two runs side by side (app/compare_view.rs, teach/compare.rs).

compare-title = 8 · 比較兩次訓練
compare-intro = 兩個模型在兩個 Worker 中同時訓練（每個核心一個），{ -seed }與資料順序相同，目前設定中只有一項不同。它們訓練時，主訓練會暫停。下方的公式是所比較的那項設定的公式。
compare-axis = 比較
compare-axis-norm = 正規化位置（{ -post-norm }與{ -pre-norm }）
compare-axis-smoothing = { -label-smoothing }（{ $a } 與 { $b }）
compare-axis-heads = { -head }數（目前設定與 1；若設定為 1，則與 2）
compare-axis-warmup = { -warmup }{ -step }數（目前設定與其 1/{ $divisor }）
compare-axis-pe = { -positional-encoding }（開與關）
compare-axis-tie = 權重共享（關與開）
compare-start = ▶ 同時開始
compare-pause = 同時暫停
compare-status = { $run }：第 { $step } { -step }，{ $rate } { -token }/秒{ $latest }
compare-status-exact = ，第 { $step } { -step }的{ -held-out }資料{ -exact-match } { $exact }%
compare-worker-stopped = 這次訓練的 Worker 停止了。按「▶ 同時開始」可再比較一次。（供回報問題用的技術細節：{ $why }）
compare-worker-silent = 這次訓練的 Worker 沒有回應：{ $seconds } 秒內沒有收到它的任何訊息，因此已將它停止。按「▶ 同時開始」可再比較一次。
compare-no-worker = 無法啟動用於比較的 Worker。
compare-chart-caption = A（藍）與 B（橙）的{ -loss }：線為訓練資料，點為{ -held-out }資料
compare-chart-label = 訓練 A 與 B 的訓練資料與{ -held-out }資料{ -loss }隨{ -step }數的變化
compare-axis-step = { -step }數
compare-axis-loss = { -loss }（每個{ -token }）
compare-legend-train = { $run }：{ $what }，訓練
compare-legend-held-out = { $run }：{ -held-out }資料
compare-attention-title = { $run }：{ -cross-attention }（各{ -head }平均），{ $what }
compare-run-post = { -post-norm }（論文）
compare-run-pre = { -pre-norm }（{ -annotated-transformer }）
compare-run-smoothing = { -label-smoothing } ε = { $eps }
compare-run-heads = { $heads } 個{ -head }，d_k = { $d_k }
compare-run-warmup = { -warmup } { $steps } { -step }
compare-run-pe-on = 有{ -positional-encoding }（論文）
compare-run-pe-off = 無{ -positional-encoding }：詞序遺失
compare-run-untied = 不共享：{ -softmax } 前有自己的矩陣（預設）
compare-run-tied = 與目標端{ -embedding }共享（§3.4）
compare-attention-waiting = 兩次訓練同時開始後，即可看到各自關注哪裡。

# 正規化公式旁的單個編碼器層示意圖。
layer-title-post = 本實驗室的模型所計算的一個{ -encoder }層，{ -post-norm }（論文的放置方式，§3.1）
layer-title-pre = 本實驗室的模型所計算的一個{ -encoder }層，{ -pre-norm }（{ -annotated-transformer } 的放置方式）
layer-input = 輸入 x（第 1 層：{ -embedding } × √d_model + { -positional-encoding }，然後 { -dropout }）
layer-attention = { -multi-head }，{ -self-attention }（對{ -attention-weights }做 { -dropout }）
layer-ffn = { -ffn }：ReLU(x W₁ + b₁)，{ -dropout }，然後 · W₂ + b₂
layer-dropout = 對子層輸出做 { -dropout }
layer-add = + 子層的輸入（{ -residual }）
layer-step-norm = { -layer-norm }
layer-final-norm = 整個堆疊的最後一層之後：再一個 { -layer-norm }
layer-dropout-legend = 虛線：{ -dropout } 起作用的位置（僅在訓練時，p = { $p }）。{ -decoder }的層與此相同，只多一個子層：{ -cross-attention }。
layer-origin-paper = 論文 §5.4（殘差 { -dropout }）：對每個子層的輸出做 { -dropout }，在它與子層的輸入相加之前；另外也對{ -embedding }與{ -positional-encoding }之和做 { -dropout }。
layer-origin-annotated = 論文中沒有：這是 { -annotated-transformer } 的做法，本實驗室的模型沿用了它。

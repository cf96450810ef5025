## problems: errors and verdicts from the worker, settings and files

problems-checkpoint = 無法載入{ -checkpoint }（{ $why }）。
problems-checkpoint-kept = 無法載入{ -checkpoint }（{ $why }）。目前的模型仍可繼續使用。
problems-checkpoint-too-short = 檔案只有 { $bytes } 位元組，對{ -checkpoint }來說太短，可能被截斷了
problems-checkpoint-not-ours = 此檔案不是本實驗室儲存的{ -checkpoint }
problems-checkpoint-version = 此檔案的{ -checkpoint }格式為第 { $found } 版，而本實驗室只能讀取第 { $oldest } 至 { $newest } 版
problems-checkpoint-damaged = 檔案已損毀
problems-checkpoint-inconsistent = 檔案中記錄的模型結構、訓練設定與權重彼此不符
problems-checkpoint-too-large = 檔案或其中記錄的模型超出了本實驗室的大小上限
problems-pretrained = 無法載入預訓練的「{ $task }」模型（{ $why }），改為從未訓練的模型開始訓練。
problems-no-model = 尚未載入模型：請等待預訓練{ -checkpoint }載入完成，或按「重設」從頭開始訓練。
problems-unreadable = 頁面與訓練 Worker 之間的訊息無法讀取（{ $why }）。請重新載入頁面。
problems-crashed = 訓練 Worker 已停止（{ $why }）。按「重新啟動 Worker」可啟動一個新的。
problems-diverged-loss = 訓練在第 { $step } 步發散：{ -loss }升到 { $loss }，超過了起始值或均勻猜測值（{ $reference }）的 { $factor } 倍。
problems-diverged-nan = 訓練在第 { $step } 步發散：{ -loss }變成了 NaN 或無限大，權重已不再是數值。
problems-diverged-cause = 第 { $peak_step } 步（峰值）的{ -learning-rate }為 { $rate }（係數 { $lr_factor }）：{ -warmup }太短或係數太大。訓練已暫停；按「重設」將以預設的排程（係數 { $safe_factor }，{ -warmup } { $safe_warmup } 步）重新開始。
problems-diverged-weights = 訓練在第 { $step } 步發散：模型的數值變成了 NaN 或無限大。訓練已暫停；按「重設」重新開始。
problems-field-n-layers = { -layer }數
problems-field-n-heads = { -head }數
problems-field-batch-size = { -batch }大小
problems-field-warmup-steps = { -warmup }
problems-field-label-smoothing = { -label-smoothing }
problems-field-dropout = { -dropout }
problems-rule-between = { $name }必須介於 { $min } 到 { $max } 之間（輸入為 { $got }）。
problems-rule-even = d_model 必須是偶數：{ -positional-encoding }把正弦與餘弦成對使用（輸入為 { $got }）。
problems-rule-divisible = d_model（{ $d_model }）必須能被{ -head }數（{ $n_heads }）整除：每個{ -head }分到 d_k = d_model / h 維。
problems-rule-at-least-one = { $name }至少為 1。
problems-rule-warmup = { -warmup }至少為 1 步：Noam 排程要除以它。
problems-rule-fraction = { $name }必須大於等於 0 且小於 1（輸入為 { $got }）。
problems-rule-factor = { -learning-rate }係數必須大於 0 且不超過 { $max }（輸入為 { $got }）。
problems-rule-budget = 這個模型將有 { $count } 個參數；本實驗室最多訓練 { $max } 個。
problems-rule-budget-huge = 這個模型的參數多到無法計數；本實驗室最多訓練 { $max } 個。
problems-rule-memory = 一個訓練步在 Worker 中需要約 { $needed } 記憶體，而瀏覽器的 Worker 最多只能分配 { $max }。減小{ -batch }大小、d_model 或 d_ff，或減少層數，就能放下。
problems-rule-memory-huge = 一個訓練步需要的記憶體多到無法計數；瀏覽器的 Worker 最多只能分配 { $max }。
problems-rule-not-loaded = 這個任務的句子還沒有載入。再選一次這個任務即可下載。
problems-data = 無法載入「{ $task }」的句子（{ $why }）。目前的模型繼續可用。

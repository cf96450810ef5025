## training: view 5, settings and the live training curves (app/training_view.rs).

training-title = 5 · 訓練
training-intro = ▶ 訓練在 Worker 中執行，頁面保持流暢。重設會用這些設定從頭開始訓練；相同的{ -seed }得到相同的訓練過程。
training-field-seed = { -seed }
training-field-d-model = d_model
training-field-heads = { -head }數
training-field-layers = { -layer }數
training-field-d-ff = d_ff
training-field-dropout = { -dropout }
training-field-warmup = { -warmup }{ -step }數
training-field-lr-factor = { -learning-rate }係數
training-field-smoothing = { -label-smoothing }
training-field-batch = { -batch }大小
training-field-norm = 正規化位置
training-norm-post = { -post-norm }（論文）
training-norm-post-option = { -post-norm }（論文）
training-norm-pre = { -pre-norm }（{ -annotated-transformer }）
training-field-pe = { -positional-encoding }（§3.5）
training-pe-hint = 關閉後，{ -attention }作用在一個集合上：一個句子和它的任意重排，給{ -encoder }的是同樣的列，只是順序不同；{ -cross-attention }對這些列加權求和。因此{ -decoder }能找到正確的詞，卻無法知道它們的順序：複製和倒序任務都會失敗。
training-field-tie = 權重共享（§3.4）
training-tie-hint = 開啟後，{ -softmax } 之前的{ -projection }就是目標端{ -embedding }矩陣的轉置，沒有偏置。論文讓兩個{ -embedding }層和這個{ -projection }共用一個矩陣，這需要兩種語言共用一個{ -vocabulary }；本實驗室的任務每種語言各有{ -vocabulary }，所以只能共享目標端。預設關閉，以便與先前的訓練比較：可在比較檢視中把兩者並排。
training-not-a-number = { $field } 必須是數字（輸入：{ $got }）。
training-valid = 有效：d_k = d_model / h = { $d_k }。
training-invalid = 設定無效，無法執行：{ $problems }
training-apply = 用這些設定從頭訓練
training-model-parts = 每一{ -layer }除了{ -attention }之外還計算什麼
training-model = 目前的模型：{ $task }，{ $origin }，d_model { $d_model }，{ $heads } 個{ -head }，{ $layers } { -layer }，{ $norm }。
training-steps = { -step }數：
training-tokens-per-s = { -token }/秒：
training-engine-slower = { $engine ->
    [firefox] 在這個瀏覽器中，訓練可能比 Chrome 或 Edge 慢：在測量用的電腦上，Firefox 訓練本實驗室的預設模型時每秒的{ -step }數約為 Chromium（Chrome 與 Edge 的引擎）的 { $times } 倍。
   *[webkit] 在這個瀏覽器中，訓練可能比電腦上的 Chrome 或 Edge 慢：這個瀏覽器使用 Safari 的引擎 WebKit。在測量用的電腦上，WebKit 訓練本實驗室的預設模型時每秒的{ -step }數約為 Chromium（Chrome 與 Edge 的引擎）的 { $times } 倍。在 iPhone 和 iPad 上，所有瀏覽器（包括 Chrome 與 Edge）都使用 WebKit。
}訓練的模型相同，只是每秒的{ -step }數不同。
training-log-scale = 對數刻度（{ -loss }與{ -learning-rate }）
training-eval-none = { -held-out }資料評估：尚未執行。
training-eval = 第 { $step } { -step }的{ -held-out }資料評估：{ -loss } { $loss }，{ -token }準確率 { $accuracy }%，{ -exact-match } { $exact }%，{ -bleu } { $bleu }（共 { $sentences } 句）。
training-eval-best-head = { $summary } 與標準對齊最一致的{ -cross-attention }{ -head }：第 { $layer } { -layer }第 { $head } 個{ -head }（與標準對齊的一致率 { $agreement }%）。
training-floor = 訓練{ -loss }使用了{ -label-smoothing }（ε = { $eps }），所以每個{ -token }不會低於 { $floor } 奈特：這是平滑後目標分布的{ -entropy }，它把 ε 分給其餘 { $others } 個詞。{ -held-out }資料的{ -loss }是一般的{ -cross-entropy }，可以接近 0。
training-loss-caption = { -loss }：訓練資料與{ -held-out }資料
training-loss-label = 訓練資料與{ -held-out }資料的{ -loss }隨{ -step }數的變化
training-accuracy-caption = { -token }準確率與{ -exact-match }
training-accuracy-label = 準確率隨{ -step }數的變化
training-rate-caption = { -learning-rate }（Noam：先{ -warmup }，再依 1/√{ -step }數遞減）
training-rate-label = { -learning-rate }隨{ -step }數的變化
training-axis-step = { -step }數
training-axis-loss = { -loss }（每個{ -token }）
training-axis-fraction = 比例
training-axis-rate = { -learning-rate }
training-legend-train = 訓練
training-legend-train-smoothed = 訓練（{ -label-smoothing } ε = { $eps }）
training-legend-held-out = { -held-out }資料
training-legend-train-accuracy = 訓練{ -token }準確率
training-legend-held-out-accuracy = { -held-out }資料{ -token }準確率
training-legend-held-out-exact = { -held-out }資料{ -exact-match }
training-legend-planned = Noam 排程（計畫）
training-legend-rate-used = 實際使用的{ -learning-rate }
training-estimate = 約 { $params } 個參數。一個訓練步在 Worker 中需要約 { $memory } 記憶體，在{ $where }上約需 { $seconds } 秒。
training-estimate-measured = 本瀏覽器（訓練時測得）
training-estimate-typical = 一台普通筆記型電腦（開始訓練後會測量本瀏覽器的速度）
training-estimate-slow = 訓練會很慢，暫停要等目前這一步結束才生效。減小{ -batch }大小、d_model 或 d_ff，或減少層數，會更快。
training-estimate-too-large = 這個模型無法在這裡訓練：有 { $params } 個參數，一步在 Worker 中需要約 { $memory }，而瀏覽器的 Worker 最多只能分配 { $max }。減小{ -batch }大小、d_model 或 d_ff，或減少層數，就能放下。

## The page's frame: title, intro, toolbar, run bar, banners, shared names.

common-title = Attention Lab（{ -attention }實驗室）
common-language = 語言
common-language-unavailable = 無法載入{ $language }的介面文字，因此頁面以目前的語言顯示。網路恢復後，請在語言選單中重新選擇它。（供回報問題用的技術細節：{ $why }）
common-intro = 一個真正的{ -encoder }–{ -decoder } { -transformer }（Vaswani 等，2017）就在你的瀏覽器裡（Web Worker 中）訓練。下面的每一張圖都由模型自己的數值畫出。
common-conventions = 約定。
common-conventions-maps = { -attention }圖：列 = { -query }，欄 = { -key }；每一列的和為 1。
common-conventions-tokens = { -token }：<bos> 是{ -decoder }輸入的開頭，<eos> 是每個句子的結尾，<pad> 在一個{ -batch }中填充較短的句子，並且總是被遮蔽。
common-conventions-mask = { -mask }：true = 遮蔽（灰色斜線）：{ -score }在 { -softmax } 之前變為 −∞，所以權重恰好為 0。

common-task = 任務
common-task-copy = 複製
common-task-reverse = 倒序
common-task-en-ja = 英文 → 日文
common-task-real-en-ja = 英文 → 日文（真實句子）
common-task-real-en-zh = 英文 → 中文（真實句子）
common-task-custom = 自己的句子對
common-train = ▶ 訓練
common-pause = ❚❚ 暫停
common-step-button = 單步
common-reset = ⟲ 重設
common-reset-scratch = （從頭開始）
common-reset-tooltip = 丟棄權重，用下面的設定從頭開始訓練
common-menu = 更多
common-menu-tooltip = 跳到模型圖下方的其餘控制項：任務、語言、簡報與分享、{ -checkpoint }、已儲存的訓練和你自己的句對
common-step = { -step }
common-step-count = 第 { $step } { -step }
common-loss = { -loss }
common-tokens-per-s = { $rate } 個{ -token }/秒
common-cores = 正在 { $cores } 個核心上訓練
common-cores-tooltip = 每一{ -step }的{ -batch }被分成兩半：本頁的訓練 Worker 計算一半，輔助 Worker 在機器的第二個核心上計算另一半。兩者的梯度相加，所以結果與單核訓練相同，只是更快。在你點擊、輸入或捲動時，訓練 Worker 會暫時獨自計算兩半，把第二個核心讓給頁面，使頁面能立即回應。
common-restart-worker = 重新啟動 Worker
common-dismiss = 關閉
common-model-origin = 模型：{ $task } · { $origin }
common-no-model = 還沒有模型
common-origin-pretrained = 預訓練{ -checkpoint }
common-origin-scratch = 從頭開始
common-origin-restored = 從本瀏覽器還原
common-origin-uploaded = 上傳的{ -checkpoint }
common-download = ⤓ 下載{ -checkpoint }
common-upload = ⤒ 上傳{ -checkpoint }
common-forget = 忘記已儲存的訓練
common-forgotten = 已忘記本分頁儲存的訓練；除非再次訓練，下次重新載入將從預訓練模型開始。
common-starting = 正在啟動訓練 Worker…
common-settings-refused = 這些設定無法訓練，因此沒有開始：{ $problems }
common-diverged-press-reset = 這次訓練發散了（{ -loss }變成了 NaN 或無窮大）。請按「重設」重新開始。

common-kind-encoder-self = { -encoder }{ -self-attention }
common-kind-decoder-self = { -decoder }帶{ -mask }的{ -self-attention }
common-kind-cross = { -cross-attention }（{ -decoder } → { -encoder }）

common-copy-link = 複製連結
common-copy-link-tooltip = 開啟此頁面目前狀態的連結：語言、任務、設定與{ -seed }、檢視、{ -head }和句子
common-qr = QR 碼
common-qr-tooltip = 放大顯示此頁面目前狀態連結的 QR 碼，供課堂掃描
common-qr-label = 此頁面目前狀態連結的 QR 碼
common-qr-too-long = 此連結太長，無法產生 QR 碼：請使用「複製連結」。
common-qr-close = 關閉
common-copy-embed = 嵌入程式碼
common-copy-embed-tooltip = 一段只顯示目前檢視（保持現在狀態）的嵌入框架程式碼，可放進投影片或課程頁面；在其中也能訓練
common-offline-available = 可離線使用：實驗室
common-offline-using-copy = 離線（正在使用儲存的副本）：實驗室
common-offline-not-yet = 尚不能離線使用
common-offline-refused = 此處不能離線使用：需要 https:// 或 localhost 網址，以及允許離線使用的瀏覽器
common-offline-tooltip = 造訪一次之後，沒有網路也能開啟實驗室：頁面、自學指南，以及你開啟過的每個任務（它的預訓練模型和句子）
common-embed-copied = 嵌入程式碼已複製：貼到投影片或課程頁面即可。在其連結中加上 hide=settings,controls,questions 可隱藏這些部分。
common-open-whole = 開啟完整實驗室 ↗
common-link-copied = 連結已複製。開啟它會還原這個檢視；用同一{ -seed }從頭訓練，結果完全相同。
common-link-problems = 連結中的部分值無法使用，已忽略：{ $values }
common-worker-restarted = 訓練 Worker 停止了。正在啟動新的 Worker，並將還原最後儲存的訓練。（供回報問題用的技術細節：{ $message }）
common-worker-crashed-restored = 訓練 Worker 停止了，因此已啟動新的 Worker，並從最後一次儲存（第 { $step } { -step }）還原了訓練。（供回報問題用的技術細節：{ $message }）
common-worker-unstartable = 無法啟動訓練 Worker。請重新載入頁面後再試。
common-worker-silent = 訓練 Worker 沒有回應：{ $seconds } 秒內沒有收到它的任何訊息。正在啟動新的 Worker，並將還原最後儲存的訓練。
common-worker-silent-restored = 訓練 Worker 有 { $seconds } 秒沒有回應，因此已啟動新的 Worker，並從最後一次儲存（第 { $step } { -step }）還原了訓練。
common-worker-replaced-unsaved = 訓練 Worker 停止了，因此已啟動新的 Worker。它無法還原已儲存的訓練，所以載入了{ $origin ->
    [pretrained] 預訓練模型
   *[scratch] 從頭開始的新模型
}（第 { $step } { -step }）。
common-worker-silent-again = 訓練 Worker 又沒有回應了。它在 { $minutes } 分鐘內已重新啟動 { $restarts } 次，因此不再自動重新啟動：按「重新啟動 Worker」可再試一次（最後儲存的訓練仍然保留）。
common-building = 正在建構一個有 { $params } 個參數的模型；一個訓練步需要約 { $memory } 記憶體、約 { $seconds } 秒。
common-step-running = 第 { $step } { -step }執行中：已 { $elapsed } 秒，約需 { $total } 秒
common-step-running-unknown = 第 { $step } { -step }執行中：已 { $elapsed } 秒
common-data-source = 句子：
common-data-about = 關於資料
common-downloading-sentences = 正在下載「{ $task }」的句子：{ $size }
common-downloading-model = 正在下載「{ $task }」的預訓練模型：{ $size }
common-download-of = { $loaded } / { $total }
common-data-split = 文字如何變成{ -token }：英文轉為小寫並按空格切分，. , ? ! 各自是一個{ -token }；日文使用語料庫切好的詞典詞；中文逐字讀取，每個漢字是一個{ -token }（日常文字用到的漢字種類遠少於詞的種類，因此 <unk> 更少）；每個標點是一個{ -token }。在訓練句子中出現少於兩次的詞或字記為 <unk>。

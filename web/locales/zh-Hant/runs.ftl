## runs
# 儲存在本瀏覽器中的訓練（執行列）與{ -checkpoint }檔案。

runs-name-label = 訓練名稱
runs-name-placeholder = 例如：{ -warmup } 400
runs-save-as = 另存新檔
runs-save-as-tooltip = 以這個名稱在本瀏覽器中保存這次訓練的副本：模型、{ -optimizer }狀態、{ -step }數、設定和曲線。
runs-list-label = 已儲存的訓練（{ $count } 個）
runs-none = 還沒有可列出的已儲存訓練：以名稱儲存的訓練和已關閉分頁的訓練會出現在這裡。
runs-item-details = { $task }，第 { $step } { -step }，{ $size } MB
runs-restore = 還原
runs-restore-label = 還原訓練「{ $name }」
runs-delete = 刪除
runs-delete-label = 刪除訓練「{ $name }」
runs-saved-autosave = 已在第 { $step } { -step }儲存到本瀏覽器；重新載入頁面即可還原。
runs-saved-named = 已在第 { $step } { -step }儲存為「{ $name }」。
runs-error-quota = 瀏覽器儲存空間已滿，這次訓練沒有儲存；上一次的儲存仍然保留。請刪除一個已儲存的訓練，或下載{ -checkpoint }來保留它。
runs-error-quota-named = 瀏覽器儲存空間已滿，「{ $name }」沒有儲存；其他內容都沒有變化。請刪除一個已儲存的訓練，或改為下載{ -checkpoint }。
runs-error-unavailable = 本瀏覽器不允許在這裡儲存。請下載{ -checkpoint }來保留這次訓練。（供回報問題用的技術細節：{ $why }）
runs-error-unavailable-embedded = 這個嵌入的檢視無法儲存：瀏覽器不允許其他網站裡的框架使用儲存空間。訓練照常進行；要保留這次訓練，請用「開啟完整實驗室」。
runs-error-not-found = 本瀏覽器中沒有名為「{ $name }」的訓練。
runs-error-unreadable-autosave = 儲存在本瀏覽器中的訓練無法讀取（{ $why }），因此沒有載入。
runs-error-unreadable-named = 無法讀取已儲存的訓練「{ $name }」（{ $why }）。目前的模型可以繼續使用。
runs-problem-damaged = 儲存的資料已損毀
runs-error-bad-name = 訓練名稱需要 1 到 { $max } 個字元。
runs-upload-too-large = 這個檔案有 { $size } 位元組；本實驗室的{ -checkpoint }最多 { $max } 位元組，因此沒有讀取。目前的模型可以繼續使用。
runs-upload-unreadable = 無法讀取檔案「{ $file }」。目前的模型可以繼續使用。
runs-tab-title = 已關閉分頁的訓練
runs-start-this-tab = 已還原本分頁的訓練，第 { $step } { -step }。
runs-start-latest-tab = 新分頁從本瀏覽器最近儲存的訓練開始：另一個分頁的訓練（{ $task }，第 { $step } { -step }）。此後本分頁儲存自己的訓練。
runs-start-latest-named = 新分頁從本瀏覽器最近儲存的訓練開始：「{ $name }」（{ $task }，第 { $step } { -step }）。此後本分頁儲存自己的訓練。
runs-start-pretrained = 本分頁從預訓練模型（{ $task }）開始：沒有可以接著訓練的已儲存訓練。
runs-tabs-note = 每個分頁儲存自己的訓練，重新載入即可還原。已關閉分頁的訓練保留在這裡（最新的 { $count } 個）；要永久保留，請以名稱儲存。
runs-error-not-found-tab = 該分頁的訓練已不在本瀏覽器中。

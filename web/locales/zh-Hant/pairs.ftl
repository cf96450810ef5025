pairs-title = 自己的句子對
pairs-intro = 每行一對：原句、一個定位字元（Tab）、譯文。貼到這裡，或選擇一個以 Tab 分隔的檔案（.tsv）。實驗室會建立{ -vocabulary }和切分，並從頭訓練一個新模型。
pairs-split = 文字如何變成{ -token }：轉為小寫並按空格切分；每個標點（. , ? ! 。 、 ， ？ ！）是一個{ -token }；漢字、假名和諺文書寫時不加空格，所以每個字是一個{ -token }。訓練句對中的每個詞都在{ -vocabulary }中。
pairs-limits = 最多 { $size }、{ $lines } 行，每句最多 { $words } 個{ -token }；至少 { $min } 個不同的句對。其中十分之一（至少一個）作為{ -held-out }集，用沒見過的句子衡量模型。
pairs-saved = 你的句對隨執行保存在這個瀏覽器中，也會寫進下載的{ -checkpoint }。連結無法攜帶它們：開啟連結的人需要貼上自己的句對。
pairs-file = 或者選擇檔案：
pairs-apply = 用這些句對訓練
pairs-placeholder = I am a student.	我是學生。
pairs-read = 讀入了 { $pairs } 個句對{ $duplicates ->
    [0] {""}
   *[other] （{ $duplicates } 行重複，只保留一次）
}。新模型將從頭訓練：請按「訓練」。
pairs-file-read = 已讀入 { $name }：請按「用這些句對訓練」。
pairs-link = 連結無法攜帶句對：請把你的句對貼到「自己的句子對」中。
pairs-problem = 你的句對沒有被使用：{ $problem } 目前的模型繼續可用。
pairs-empty = 沒有句對。請每行寫一對：原句、Tab、譯文。
pairs-too-large = 文字有 { $size }；最多 { $max }。
pairs-not-text = 這不是 UTF-8 文字（是二進位檔案，或其他編碼）。
pairs-too-many-lines = 共有 { $lines } 行；最多 { $max } 行。
pairs-no-tab = 第 { $line } 行的原句和譯文之間沒有 Tab。
pairs-too-many-columns = 第 { $line } 行有不止一個 Tab；請寫成原句、Tab、譯文。
pairs-empty-side = 第 { $line } 行的原句或譯文是空的。
pairs-too-long = 第 { $line } 行的句子有 { $words } 個{ -token }；模型最多讀 { $max } 個。
pairs-too-few = 只有 { $pairs } 個不同的句對；至少需要 { $min } 個，其中一個留作{ -held-out }集。

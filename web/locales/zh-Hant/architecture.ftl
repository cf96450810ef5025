## architecture: the paper's Figure 1, drawn from the run's model (views/architecture).

arch-title = 這次執行的 { -transformer }（論文的圖 1）
arch-hint = 每個框都是這個模型的，並寫出它對觀察例句傳出的張量形狀。點一下框，就會開啟顯示它的檢視。
arch-layer = 顯示的{ -layer }
arch-waiting = 模型載入後繪製此圖。
arch-encoder = { -encoder }
arch-decoder = { -decoder }
# The paper's "N×": the layer drawn stands for this many of its kind.
arch-times = { $n }×
arch-inputs = 輸入
arch-outputs = 輸出（右移一位）
arch-input-embedding = 輸入{ -embedding } × √{ $d_model }
arch-output-embedding = 輸出{ -embedding } × √{ $d_model }
arch-pe = ⊕ { -positional-encoding }
arch-pe-off = { -positional-encoding }：關閉（加上的是零）
arch-enc-self-attention = { -self-attention }，{ -multi-head }（h = { $heads }，d_k = { $d_k }）
arch-dec-self-attention = 帶{ -mask }的{ -self-attention }（h = { $heads }，d_k = { $d_k }）
arch-cross-attention = { -cross-attention }：Q 來自{ -decoder }，K 與 V 來自{ -encoder }的輸出（h = { $heads }，d_k = { $d_k }）
arch-memory = { -encoder }的輸出 → K、V
arch-memory-title = { -decoder }每一{ -layer }的{ -cross-attention }都讀取它：K 與 V 來自這裡，Q 來自{ -decoder }。
arch-feed-forward = { -ffn }（d_ff = { $d_ff }）
arch-add-norm = { -residual } + { -layer-norm }
arch-norm = { -layer-norm }（在子層之前）
arch-add = { -residual }
arch-final-norm = 整個堆疊最後的{ -layer-norm }
arch-linear = 線性層
arch-linear-tied = 線性層：共用目標端{ -embedding }的矩陣（§3.4）
arch-softmax = { -softmax }：輸出機率
arch-inside = 內部：{ $shape }
arch-open = （開啟{ $view }）
arch-minimap = 這個檢視在模型中的位置，即論文圖 1（這次執行的模型）中亮起的框：{ $boxes }。點一下可回到圖 1。
arch-minimap-views = 本節各檢視在模型中的位置，即論文圖 1（這次執行的模型）中亮起的框：{ $boxes }。點一下可回到圖 1。
arch-glimpse-attention = 即時：這一{ -layer }在觀察例句上的{ -attention-weights }{ $heads ->
    [1] {""}
   *[other] ，對它的 { $heads } 個{ -head }取平均
}（每列一個 { -query }，每欄一個 { -key }）。
arch-glimpse-pe = 模型加到{ $stack ->
    [encoder] 來源句
   *[decoder] { -decoder }輸入
}每個位置上的{ -positional-encoding }（每列一個位置，每欄一個維度）。
arch-glimpse-embedding = 即時：{ $stack ->
    [encoder] 來源句
   *[decoder] { -decoder }輸入
}中每個{ -token }的{ -embedding }列 × √d_model，{ -positional-encoding }就加在它上面（每列一個{ -token }，每欄一個維度；中間的顏色表示 0）。
arch-glimpse-ffn = 即時：觀察例句經過這一{ -layer }的 { -ffn }時，其中每個{ -token }的 { $d_ff } 個隱藏單元經過 ReLU 後的值 max(0, x W₁ + b₁)（每列一個{ -token }，每欄一個單元；各位置用同一組 W₁、b₁）。0 是最暗的顏色，本圖的最大值是最亮的顏色；目前有 { $zero }% 的格子剛好是 0，即該單元對這個{ -token }被 ReLU 歸零。
arch-glimpse-add-norm = 即時：觀察例句的 LayerNorm(x + Sublayer(x))，也就是這個框傳給下一步的值。{ -residual }把子層的輸出加到它的輸入 x 上；接著每個{ -token }那一列的 { $d_model } 個數被正規化為平均值 0、變異數 1，再在每個維度上乘以學到的 γ、加上 β（每列一個{ -token }，每欄一個維度；中間的顏色表示 0）。
arch-glimpse-norm = 即時：觀察例句的 LayerNorm(x)，也就是子層從下方讀入的值：每個{ -token }那一列的 { $d_model } 個數被正規化為平均值 0、變異數 1，再在每個維度上乘以學到的 γ、加上 β（每列一個{ -token }，每欄一個維度；中間的顏色表示 0）。
arch-glimpse-add = 即時：觀察例句的 x + Sublayer(LayerNorm(x))，也就是這個框傳給下一步的值：{ -residual }把子層的輸出加到每個{ -token }的 { $d_model } 個數上，這裡不對總和做正規化（每列一個{ -token }，每欄一個維度；中間的顏色表示 0）。
arch-glimpse-final-norm = 即時：觀察例句經過{ $stack ->
    [encoder] { -encoder }
   *[decoder] { -decoder }
}最後一{ -layer }後的輸出，再經過整個堆疊最後的 { -layer-norm } 得到的值：{ $stack ->
    [encoder] { -decoder }每一{ -layer }的{ -cross-attention }把它當作 { -key } 和 { -value } 讀入
   *[decoder] 線性層讀入的就是它
}（每個{ -token } { $d_model } 個數；每列一個{ -token }，每欄一個維度；中間的顏色表示 0）。
arch-glimpse-logits = 即時：觀察例句經過線性層的輸出，即 logits（進入 { -softmax } 之前的值）：每列是{ -decoder }輸入的一個位置，每欄是目標{ -vocabulary }的一個{ -token }（共 { $vocab } 個），每格一個值。本圖的最小值是最暗的顏色，最大值是最亮的顏色。上方的 { -softmax } 把每一列變成下一個{ -token }的機率。
arch-glimpse-runs = { $words }由於圖畫得很小，每 { $run } 個相鄰的欄合併成一欄，每列顯示其中的最大值，這樣不會漏掉峰值；只有這 { $run } 個值都很小的地方才顯得暗。
arch-glimpse-picks = 即時：在前幾個位置上，模型排在第一的{ -token }；✓ 表示它就是目標{ -token }。
arch-table = 每一{ -layer }的每個框及其形狀
arch-table-stack = 堆疊
arch-table-layer = { -layer }
arch-table-box = 框
arch-table-shape = 傳出的形狀
arch-table-inside = 內部

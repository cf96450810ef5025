## head: view 3, one query of one head opened up, stage by stage, and the β what-if.

head-title = 3 · 走進一個{ -head }
head-intro = 把某一{ -layer }的某一個{ -head }在觀察例句（或你在「翻譯」中輸入的句子）上展開來看。所有數字都來自模型本身；把滑鼠移到數字上或輕點它，就能看到它是怎麼算出來的。
head-formula-tapped = 這個數字的算法：
head-pick-kind = 類型
head-pick-layer = { -layer }
head-pick-head = { -head }
head-pick-query = { -query }
head-use-typed = 使用在「翻譯」中輸入的句子
head-waiting = 正在等待模型…

# The stages, in the order the head computes them (teach/head.rs, Stage::ORDER).
head-stage-query = { -query } 的輸入及其{ -projection }
head-stage-keys-values = 每個位置的 { -key } 與 { -value }
head-stage-dots = q · k（內積）
head-stage-scale = ÷ √d_k（{ -scaling }）
head-stage-mask = { -mask }
head-stage-softmax = { -softmax }：{ -attention-weights }
head-stage-output = { -head }的輸出：{ -value } 各列的加權和
head-stage-concat = 把所有{ -head }合起來：Concat({ -head }₁ … { -head }ₕ) · W^O + b^O
head-stage-what-if = 假如：{ -hard-attention }與{ -soft-attention }（β）

head-query-is = { -query }：
head-query-explain = x 是這個位置上子層的輸入（{ $d_model } 個數）；q = x · W^Q + b^Q 只取這個{ -head }的 { $d_k } 欄。模型裡的每個{ -projection }都加上一個偏置 b（如這裡的公式所示）；論文的公式省略了偏置。
head-x-name = x（輸入）
head-keys-values-explain = { $source ->
        [memory] 在{ -cross-attention }中，{ -key } 和 { -value } 不來自{ -decoder }：K = m · W^K + b^K，V = m · W^V + b^V，其中 m 是{ -encoder }的輸出（稱為「記憶」），每個來源{ -token }一列，每列 { $d_k } 個數。只有 { -query } 來自{ -decoder }。
       *[input] 每個 { -key } 位置都以同樣的方式{ -projection }：K = x · W^K + b^K，V = x · W^V + b^V，每列 { $d_k } 個數。
    }{ -token }後面的小數字是它的位置（與{ -mask }、{ -positional-encoding }的圖一樣從 0 數起）：標著 3 的那一列就是公式裡的 k₃。
head-k-caption = { $source ->
        [memory] K = m · W^K + b^K（列 = 來源{ -token }）
       *[input] K = x · W^K + b^K（列 = { -key }）
    }
head-v-caption = { $source ->
        [memory] V = m · W^V + b^V（列 = 來源{ -token }）
       *[input] V = x · W^V + b^V（列 = { -key }）
    }
head-scores-heading = 從{ -score }到權重（欄 = { -key }）
head-name = 第 { $head } 個{ -head }
head-output-row = 第 { $head } 個{ -head } = 權重 · V
head-concat-explain = { $heads } 個{ -head }的輸出（每個 { $d_k } 個數）並排在一起，得到 { $d_model } 個數；W^O 再把它們混合成一個含 d_model 個數的向量。
head-concat-name = 各{ -head }的串接
head-output-name = 輸出 = 串接 · W^O + b^O
head-strip-label = { $what }：{ $count } 個數，從 { $low } 到 { $high }

# Hover formulas of the cells. $key is a key's name by position, such as k₃.
head-cell-q = q[{ $dim }] = (x · W^Q + b^Q)[{ $dim }]（這個{ -head }的欄）= { $value }
head-cell-dot = q · { $key } = { $first } + …（共 { $terms } 項）= { $value }
head-cell-hidden = { $key } 被{ -mask }遮住：−∞，所以權重剛好是 0
head-cell-visible = { $key } 看得見：{ $score } 保持不變

head-beta = β（{ -inverse-temperature }）
head-entropy = 這個 { -query } 所在列的{ -entropy }：
head-bits = 位元
head-entropy-bits = { $value } 位元
head-beta-hint = 這只是一個「假如」：用模型{ -scaling }後的{ -score } s = q · k / √d_k 計算 { -softmax }(β · s)。β = 1 就是模型本身；β = 0 時權重平均分給所有看得見的 { -key }；拉到最右端 β = ∞ 時，全部權重都落在{ -score }最高的 { -key } 上（{ -hard-attention }，argmax）。模型本身始終不變。教學 004 對未{ -scaling }的點積寫 softmax_β(Kᵀq)，並取 β = 1/√d：它的 β 等於這裡的 β ÷ √d_k。所以模型的 β = 1 就是 004 的 β = 1/√d_k，而這裡的 β = √d_k = { $sqrt_dk }（d_k = { $d_k }）就是未{ -scaling }的 q · k 的 { -softmax }。
head-model-weights = { -softmax }(s)：模型（β = 1）
head-what-if-weights = { -softmax }(β · s)，β = { $beta }
head-what-if-output = 假如 β = { $beta } 時的輸出
head-what-if-name = 假如
head-entropies = 在這個 β 下，每個 { -query } 所在列的{ -entropy }

# 為什麼 ÷ √d_k（scaling-view，與第 ④ 步一起顯示）。
head-scaling-title = 為什麼要 ÷ √d_k？
head-scaling-intro = 如果 q 和 k 的各個分量彼此獨立、平均值為 0、變異數為 1，那麼 q · k 是 d_k 個這樣的乘積之和，變異數為 d_k（論文的註腳 4）：{ -head }越寬，{ -score }越大。論文（§3.2.1）推測，{ -score }太大會把 { -softmax } 推到梯度極小的區域：那裡幾乎全部權重都落在一個 { -key } 上。除以 √d_k 後，無論寬度多少，變異數都回到 1。下面幾列用的是隨機的 q 和 k（{ $queries } 個 { -query }，每個對 { $keys } 個 { -key }，{ -seed }固定）；最後一列是這個{ -head }自己的數。
head-scaling-col-entropy = { -softmax }(q · k) 的熵（位元）
head-scaling-col-entropy-scaled = { -softmax }(q · k / √d_k) 的熵（位元）
head-scaling-col-top = 最大權重，{ -softmax }(q · k)
head-scaling-col-top-scaled = 最大權重，{ -softmax }(q · k / √d_k)
head-scaling-sampled = 隨機，d_k = { $d_k }
head-scaling-own = 這個{ -head }（d_k = { $d_k }）：每個 { -query } 的每個看得見的 { -key }
head-scaling-own-note = 訓練後模型的 q 和 k 變異數並不是 1，所以它的 Var(q · k) 不一定等於 d_k；但除法的作用相同：變異數縮小為 d_k 分之一，權重變得平緩。

# 所選查詢的權重全部落在一個鍵上時。
head-one-hot = 這個 { -query } 把全部權重放在一個 { -key } 上（熵 { $bits } 位元），因為它的原始{ -score }相差很大：在玩具任務上訓練的模型就是這麼確定。所以在這裡 { -softmax } 和 β 看不出任何變化。
head-spread = 查看這個{ -head }中權重最分散的 { -query }（{ $bits } 位元）
head-all-sure = 這個{ -head }的每個 { -query } 都這麼確定：試試別的{ -head }、{ -layer }或類型，或者訓練初期的模型。

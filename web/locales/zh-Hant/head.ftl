## head: view 3, one query of one head opened up, stage by stage, and the β what-if.

head-title = 3 · 走進一個{ -head }
head-intro = 把某一{ -layer }的某一個{ -head }在觀察例句（或你在「翻譯」中輸入的句子）上展開來看。所有數字都來自模型本身；把滑鼠移到數字上，就能看到它是怎麼算出來的。
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
head-query-explain = x 是這個位置上子層的輸入（{ $d_model } 個數）；q = x · W^Q 只取這個{ -head }的 { $d_k } 欄。
head-x-name = x（輸入）
head-keys-values-explain = 每個 { -key } 位置都以同樣的方式{ -projection }：K = x · W^K，V = x · W^V，每列 { $d_k } 個數。{ -token }後面的小數字是它的位置（與{ -mask }、{ -positional-encoding }的圖一樣從 0 數起）：標著 3 的那一列就是公式裡的 k₃。
head-k-caption = K = x · W^K（列 = { -key }）
head-v-caption = V = x · W^V（列 = { -key }）
head-scores-heading = 從{ -score }到權重（欄 = { -key }）
head-name = 第 { $head } 個{ -head }
head-output-row = 第 { $head } 個{ -head } = 權重 · V
head-concat-explain = { $heads } 個{ -head }的輸出（每個 { $d_k } 個數）並排在一起，得到 { $d_model } 個數；W^O 再把它們混合成一個含 d_model 個數的向量。
head-concat-name = 各{ -head }的串接
head-output-name = 輸出 = 串接 · W^O + b^O
head-strip-label = { $what }：{ $count } 個數，從 { $low } 到 { $high }

# Hover formulas of the cells. $key is a key's name by position, such as k₃.
head-cell-q = q[{ $dim }] = (x · W^Q)[{ $dim }]（這個{ -head }的欄）= { $value }
head-cell-dot = q · { $key } = { $first } + …（共 { $terms } 項）= { $value }
head-cell-hidden = { $key } 被{ -mask }遮住：−∞，所以權重剛好是 0
head-cell-visible = { $key } 看得見：{ $score } 保持不變

head-beta = β（{ -inverse-temperature }）
head-entropy = 這個 { -query } 所在列的{ -entropy }：
head-bits = 位元
head-entropy-bits = { $value } 位元
head-beta-hint = 這只是一個「假如」：用模型的{ -score } s 計算 { -softmax }(β · s)。β = 1 就是模型本身；β = 0 時權重平均分給所有看得見的 { -key }；拉到最右端 β = ∞ 時，全部權重都落在{ -score }最高的 { -key } 上（{ -hard-attention }，argmax）。模型本身始終不變。
head-model-weights = { -softmax }(s)：模型（β = 1）
head-what-if-weights = { -softmax }(β · s)，β = { $beta }
head-what-if-output = 假如 β = { $beta } 時的輸出
head-what-if-name = 假如
head-entropies = 在這個 β 下，每個 { -query } 所在列的{ -entropy }

## head: view 3, one query of one head opened up, stage by stage, and the β what-if.

head-title = 3 · 走进一个{ -head }
head-intro = 把某一{ -layer }的某一个{ -head }在观察例句（或你在“翻译”中输入的句子）上展开来看。所有数字都来自模型本身；把鼠标悬停在数字上，可以看到它是怎样算出来的。
head-pick-kind = 类型
head-pick-layer = { -layer }
head-pick-head = { -head }
head-pick-query = { -query }
head-use-typed = 使用在“翻译”中输入的句子
head-waiting = 正在等待模型…

# The stages, in the order the head computes them (teach/head.rs, Stage::ORDER).
head-stage-query = { -query }的输入及其{ -projection }
head-stage-keys-values = 每个位置的{ -key }和{ -value }
head-stage-dots = q · k（点积）
head-stage-scale = ÷ √d_k（{ -scaling }）
head-stage-mask = { -mask }
head-stage-softmax = { -softmax }：{ -attention-weights }
head-stage-output = { -head }的输出：{ -value }各行的加权和
head-stage-concat = 把所有{ -head }合起来：Concat({ -head }₁ … { -head }ₕ) · W^O + b^O
head-stage-what-if = 假如：{ -hard-attention }与{ -soft-attention }（β）

head-query-is = { -query }：
head-query-explain = x 是这个位置上子层的输入（{ $d_model } 个数）；q = x · W^Q 只取这个{ -head }的 { $d_k } 列。
head-x-name = x（输入）
head-keys-values-explain = 每个{ -key }位置都以同样的方式做{ -projection }：K = x · W^K，V = x · W^V，每行 { $d_k } 个数。{ -token }后面的小数字是它的位置（与{ -mask }、{ -positional-encoding }的图一样从 0 数起）：标着 3 的那一行就是公式里的 k₃。
head-k-caption = K = x · W^K（行 = { -key }）
head-v-caption = V = x · W^V（行 = { -key }）
head-scores-heading = 从{ -score }到权重（列 = { -key }）
head-name = 第 { $head } 个{ -head }
head-output-row = 第 { $head } 个{ -head } = 权重 · V
head-concat-explain = { $heads } 个{ -head }的输出（每个 { $d_k } 个数）并排放在一起，得到 { $d_model } 个数；W^O 再把它们混合成一个含 d_model 个数的向量。
head-concat-name = 各{ -head }的拼接
head-output-name = 输出 = 拼接 · W^O + b^O
head-strip-label = { $what }：{ $count } 个数，从 { $low } 到 { $high }

# Hover formulas of the cells. $key is a key's name by position, such as k₃.
head-cell-q = q[{ $dim }] = (x · W^Q)[{ $dim }]（这个{ -head }的列）= { $value }
head-cell-dot = q · { $key } = { $first } + …（共 { $terms } 项）= { $value }
head-cell-hidden = { $key } 被{ -mask }遮蔽：−∞，所以权重恰好为 0
head-cell-visible = { $key } 可见：{ $score } 保持不变

head-beta = β（{ -inverse-temperature }）
head-entropy = 这个{ -query }所在行的{ -entropy }：
head-bits = 比特
head-entropy-bits = { $value } 比特
head-beta-hint = 这只是一个“假如”：用模型的{ -score } s 计算 { -softmax }(β · s)。β = 1 就是模型本身；β = 0 时权重平均分给所有可见的{ -key }；滑到最右端 β = ∞ 时，全部权重都落在{ -score }最高的{ -key }上（{ -hard-attention }，argmax）。模型本身始终不变。
head-model-weights = { -softmax }(s)：模型（β = 1）
head-what-if-weights = { -softmax }(β · s)，β = { $beta }
head-what-if-output = 假如 β = { $beta } 时的输出
head-what-if-name = 假如
head-entropies = 在这个 β 下，每个{ -query }所在行的{ -entropy }

## head: view 3, one query of one head opened up, stage by stage, and the β what-if.

head-title = 3 · 走进一个{ -head }
head-intro = 把某一{ -layer }的某一个{ -head }在观察例句（或你在“翻译”中输入的句子）上展开来看。所有数字都来自模型本身；把鼠标悬停在数字上或轻点它，可以看到它是怎样算出来的。
head-formula-tapped = 这个数字的算法：
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
head-query-explain = x 是这个位置上子层的输入（{ $d_model } 个数）；q = x · W^Q + b^Q 只取这个{ -head }的 { $d_k } 列。模型里的每个{ -projection }都加上一个偏置 b（如这里的公式所示）；论文的公式省略了偏置。
head-x-name = x（输入）
head-keys-values-explain = { $source ->
        [memory] 在{ -cross-attention }中，{ -key }和{ -value }不来自{ -decoder }：K = m · W^K + b^K，V = m · W^V + b^V，其中 m 是{ -encoder }的输出（称为“记忆”），每个源{ -token }一行，每行 { $d_k } 个数。只有{ -query }来自{ -decoder }。
       *[input] 每个{ -key }位置都以同样的方式做{ -projection }：K = x · W^K + b^K，V = x · W^V + b^V，每行 { $d_k } 个数。
    }{ -token }后面的小数字是它的位置（与{ -mask }、{ -positional-encoding }的图一样从 0 数起）：标着 3 的那一行就是公式里的 k₃。
head-k-caption = { $source ->
        [memory] K = m · W^K + b^K（行 = 源{ -token }）
       *[input] K = x · W^K + b^K（行 = { -key }）
    }
head-v-caption = { $source ->
        [memory] V = m · W^V + b^V（行 = 源{ -token }）
       *[input] V = x · W^V + b^V（行 = { -key }）
    }
head-scores-heading = 从{ -score }到权重（列 = { -key }）
head-name = 第 { $head } 个{ -head }
head-output-row = 第 { $head } 个{ -head } = 权重 · V
head-concat-explain = { $heads } 个{ -head }的输出（每个 { $d_k } 个数）并排放在一起，得到 { $d_model } 个数；W^O 再把它们混合成一个含 d_model 个数的向量。
head-concat-name = 各{ -head }的拼接
head-output-name = 输出 = 拼接 · W^O + b^O
head-strip-label = { $what }：{ $count } 个数，从 { $low } 到 { $high }

# Hover formulas of the cells. $key is a key's name by position, such as k₃.
head-cell-q = q[{ $dim }] = (x · W^Q + b^Q)[{ $dim }]（这个{ -head }的列）= { $value }
head-cell-dot = q · { $key } = { $first } + …（共 { $terms } 项）= { $value }
head-cell-hidden = { $key } 被{ -mask }遮蔽：−∞，所以权重恰好为 0
head-cell-visible = { $key } 可见：{ $score } 保持不变

head-beta = β（{ -inverse-temperature }）
head-entropy = 这个{ -query }所在行的{ -entropy }：
head-bits = 比特
head-entropy-bits = { $value } 比特
head-beta-hint = 这只是一个“假如”：用模型{ -scaling }后的{ -score } s = q · k / √d_k 计算 { -softmax }(β · s)。β = 1 就是模型本身；β = 0 时权重平均分给所有可见的{ -key }；滑到最右端 β = ∞ 时，全部权重都落在{ -score }最高的{ -key }上（{ -hard-attention }，argmax）。模型本身始终不变。教程 004 对未{ -scaling }的点积写 softmax_β(Kᵀq)，并取 β = 1/√d：它的 β 等于这里的 β ÷ √d_k。所以模型的 β = 1 就是 004 的 β = 1/√d_k，而这里的 β = √d_k = { $sqrt_dk }（d_k = { $d_k }）就是未{ -scaling }的 q · k 的 { -softmax }。
head-model-weights = { -softmax }(s)：模型（β = 1）
head-what-if-weights = { -softmax }(β · s)，β = { $beta }
head-what-if-output = 假如 β = { $beta } 时的输出
head-what-if-name = 假如
head-entropies = 在这个 β 下，每个{ -query }所在行的{ -entropy }

# 为什么 ÷ √d_k（scaling-view，与第 ④ 步一起显示）。
head-scaling-title = 为什么要 ÷ √d_k？
head-scaling-intro = 如果 q 和 k 的各个分量相互独立、均值为 0、方差为 1，那么 q · k 是 d_k 个这样的乘积之和，方差为 d_k（论文的脚注 4）：{ -head }越宽，{ -score }越大。论文（§3.2.1）推测，{ -score }太大会把 { -softmax } 推到梯度极小的区域：那里几乎全部权重都落在一个{ -key }上。除以 √d_k 后，无论宽度多少，方差都回到 1。下面几行用的是随机的 q 和 k（{ $queries } 个{ -query }，每个对 { $keys } 个{ -key }，{ -seed }固定）；最后一行是这个{ -head }自己的数。
head-scaling-col-entropy = { -softmax }(q · k) 的熵（比特）
head-scaling-col-entropy-scaled = { -softmax }(q · k / √d_k) 的熵（比特）
head-scaling-col-top = 最大权重，{ -softmax }(q · k)
head-scaling-col-top-scaled = 最大权重，{ -softmax }(q · k / √d_k)
head-scaling-sampled = 随机，d_k = { $d_k }
head-scaling-own = 这个{ -head }（d_k = { $d_k }）：每个{ -query }的每个可见{ -key }
head-scaling-own-note = 训练后模型的 q 和 k 方差并不是 1，所以它的 Var(q · k) 不一定等于 d_k；但除法的作用相同：方差缩小为 d_k 分之一，权重变得平缓。

# 所选查询的权重全部落在一个键上时。
head-one-hot = 这个{ -query }把全部权重放在一个{ -key }上（熵 { $bits } 比特），因为它的原始{ -score }相差很大：在玩具任务上训练的模型就是这么确定。所以在这里 { -softmax } 和 β 看不出任何变化。
head-spread = 查看这个{ -head }中权重最分散的{ -query }（{ $bits } 比特）
head-all-sure = 这个{ -head }的每个{ -query }都这么确定：试试别的{ -head }、{ -layer }或类型，或者训练初期的模型。

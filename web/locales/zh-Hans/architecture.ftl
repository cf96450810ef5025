## architecture: the paper's Figure 1, drawn from the run's model (views/architecture).

arch-title = 本次运行的 { -transformer }（论文的图 1）
arch-hint = 每个框都是这个模型的，并写出它对观察例句传出的张量形状。点击一个框，打开展示它的视图。
arch-layer = 显示的{ -layer }
arch-waiting = 模型加载后绘制此图。
arch-encoder = { -encoder }
arch-decoder = { -decoder }
# The paper's "N×": the layer drawn stands for this many of its kind.
arch-times = { $n }×
arch-inputs = 输入
arch-outputs = 输出（右移一位）
arch-input-embedding = 输入{ -embedding } × √{ $d_model }
arch-output-embedding = 输出{ -embedding } × √{ $d_model }
arch-pe = ⊕ { -positional-encoding }
arch-pe-off = { -positional-encoding }：关闭（加上的是零）
arch-enc-self-attention = { -self-attention }，{ -multi-head }（h = { $heads }，d_k = { $d_k }）
arch-dec-self-attention = 带{ -mask }的{ -self-attention }（h = { $heads }，d_k = { $d_k }）
arch-cross-attention = { -cross-attention }：Q 来自{ -decoder }，K 和 V 来自{ -encoder }的输出（h = { $heads }，d_k = { $d_k }）
arch-memory = { -encoder }的输出 → K、V
arch-memory-title = { -decoder }每一{ -layer }的{ -cross-attention }都读取它：K 和 V 来自这里，Q 来自{ -decoder }。
arch-feed-forward = { -ffn }（d_ff = { $d_ff }）
arch-add-norm = { -residual } + { -layer-norm }
arch-norm = { -layer-norm }（在子层之前）
arch-add = { -residual }
arch-final-norm = 整个堆叠最后的{ -layer-norm }
arch-linear = 线性层
arch-linear-tied = 线性层：共享目标端{ -embedding }的矩阵（§3.4）
arch-softmax = { -softmax }：输出概率
arch-inside = 内部：{ $shape }
arch-open = （打开{ $view }）
arch-minimap = 这个视图在模型中的位置，即论文图 1（本次运行的模型）中亮起的框：{ $boxes }。点击可回到图 1。
arch-minimap-views = 本节各视图在模型中的位置，即论文图 1（本次运行的模型）中亮起的框：{ $boxes }。点击可回到图 1。
arch-glimpse-attention = 实时：这一{ -layer }在观察例句上的{ -attention-weights }{ $heads ->
    [1] {""}
   *[other] ，对它的 { $heads } 个{ -head }取平均
}（每行一个{ -query }，每列一个{ -key }）。
arch-glimpse-pe = 模型加到{ $stack ->
    [encoder] 源句
   *[decoder] { -decoder }输入
}每个位置上的{ -positional-encoding }（每行一个位置，每列一个维度）。
arch-glimpse-embedding = 实时：{ $stack ->
    [encoder] 源句
   *[decoder] { -decoder }输入
}中每个{ -token }的{ -embedding } × √d_model，{ -positional-encoding }就加在它上面（每行一个{ -token }，每列一个维度；中间的颜色表示 0）。
arch-glimpse-ffn = 实时：观察例句经过这一{ -layer }的{ -ffn }时，其中每个{ -token }的 { $d_ff } 个隐藏单元经过 ReLU 后的值 max(0, x W₁ + b₁)（每行一个{ -token }，每列一个单元；各位置用同一组 W₁、b₁）。0 是最暗的颜色，本图的最大值是最亮的颜色；目前有 { $zero }% 的格子恰好为 0，即该单元对这个{ -token }被 ReLU 置零。
arch-glimpse-add-norm = 实时：观察例句的 LayerNorm(x + Sublayer(x))，也就是这个框传给下一步的值。{ -residual }把子层的输出加到它的输入 x 上；然后每个{ -token }那一行的 { $d_model } 个数被归一化为均值 0、方差 1，再在每个维度上乘以学到的 γ、加上 β（每行一个{ -token }，每列一个维度；中间的颜色表示 0）。
arch-glimpse-norm = 实时：观察例句的 LayerNorm(x)，也就是子层从下方读入的值：每个{ -token }那一行的 { $d_model } 个数被归一化为均值 0、方差 1，再在每个维度上乘以学到的 γ、加上 β（每行一个{ -token }，每列一个维度；中间的颜色表示 0）。
arch-glimpse-add = 实时：观察例句的 x + Sublayer(LayerNorm(x))，也就是这个框传给下一步的值：{ -residual }把子层的输出加到每个{ -token }的 { $d_model } 个数上，这里不对和做归一化（每行一个{ -token }，每列一个维度；中间的颜色表示 0）。
arch-glimpse-final-norm = 实时：观察例句经过{ $stack ->
    [encoder] { -encoder }
   *[decoder] { -decoder }
}最后一{ -layer }后的输出，再经过整个堆叠最后的{ -layer-norm }得到的值：{ $stack ->
    [encoder] { -decoder }每一{ -layer }的{ -cross-attention }把它当作{ -key }和{ -value }读入
   *[decoder] 线性层读入的就是它
}（每个{ -token } { $d_model } 个数；每行一个{ -token }，每列一个维度；中间的颜色表示 0）。
arch-glimpse-logits = 实时：观察例句经过线性层的输出，即 logits（进入 { -softmax } 之前的值）：每行是{ -decoder }输入的一个位置，每列是目标{ -vocabulary }的一个{ -token }（共 { $vocab } 个），每格一个值。本图的最小值是最暗的颜色，最大值是最亮的颜色。上方的 { -softmax } 把每一行变成下一个{ -token }的概率。
arch-glimpse-runs = { $words }由于图画得很小，每 { $run } 个相邻的列合并成一列，每行显示其中的最大值，这样不会丢掉峰值；只有这 { $run } 个值都很小的地方才显得暗。
arch-glimpse-picks = 实时：在前几个位置上，模型排在第一的{ -token }；✓ 表示它就是目标{ -token }。
arch-table = 每一{ -layer }的每个框及其形状
arch-table-stack = 堆叠
arch-table-layer = { -layer }
arch-table-box = 框
arch-table-shape = 传出的形状
arch-table-inside = 内部

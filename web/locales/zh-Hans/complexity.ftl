## complexity: view 10, Table 1 of the paper (app/complexity_view.rs).

complexity-title = 10 · 为什么用{ -self-attention }：每层的代价（表 1）
complexity-intro = 对于 n 个宽度为 d 的{ -token }：{ -self-attention }比较每一对位置（n²·d）；循环{ -layer }依次把 n 个状态各乘以一个 d × d 矩阵（n·d²，需要 n 个顺序步骤）。当 n < d 时{ -self-attention }更便宜，而且任意两个位置之间只隔一步。
complexity-slider-n = n（序列长度）
complexity-slider-d = d（d_model）
complexity-fixed = 固定：卷积核宽度 k = { $k }，邻域 r = { $r }
complexity-model = 本模型的 n 和 d
complexity-hint = 计数只取表中的主项，不含 O(·) 省略的常数。路径长度是整数层数：空洞卷积为 ⌈log_k n⌉，{ -restricted }为 ⌈n/r⌉；{ -restricted }只在 r < n 时才节省计算。
complexity-chart-label = 四种{ -layer }的每层乘加次数随序列长度 n 变化的双对数图，并标出交点 n = d
complexity-axis-n = 序列长度 n（{ -token }数）
complexity-axis-ops = 每层乘加次数
complexity-mark-crossover = n = d = { $d }：{ -self-attention } = 循环
complexity-mark-chosen = 所选 n = { $n }
complexity-mark-model = 本模型：n = { $n }（示例句），d = { $d }
complexity-mark-model-other-d = 本模型的示例句：n = { $n }（其 d_model = { $d }）
complexity-at = 当 n = { $n }，d = { $d }，k = { $k }，r = { $r }
complexity-th-layer = { -layer }类型
complexity-th-per-layer = { -complexity }
complexity-th-sequential = { -sequential-ops }
complexity-th-path = { -max-path }
complexity-th-ops-value = 每层乘加次数
complexity-th-sequential-value = { -sequential-ops }
complexity-th-path-value = 路径长度（{ -layer }数）
complexity-layer-self-attention = { -self-attention }
complexity-layer-recurrent = 循环
complexity-layer-convolutional = 卷积
complexity-layer-restricted = { -restricted }

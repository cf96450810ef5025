## pe: view 1, sinusoidal positional encoding (lab_math::sinusoid_table).

pe-title = 1 · { -positional-encoding }
pe-intro = 正弦和余弦交替排列：偶数维放正弦，奇数维放同一频率的余弦。低维转得快，高维转得慢；底数为 { $base } 时，几千个位置以内都不会重复。底数取 { $worked_base }（教程中的算例）会让每一维都转得更快。
pe-length = 长度
pe-base = 底数
pe-base-paper = { $base }（论文）
pe-base-worked = { $worked_base }（算例）
pe-problem-d-model = d_model 必须是 2 到 { $max } 之间的偶数，收到的是 { $got }。图中保留上一个有效值。
pe-problem-length = 长度必须是 2 到 { $max } 之间的整数，收到的是 { $got }。图中保留上一个有效值。
pe-table-heading = { -positional-encoding }表：行 = 位置（0 在最上面），列 = 维度（0 在最左边）
pe-table-label = { -positional-encoding }表，位置 × 维度
pe-value = { -positional-encoding }值
pe-hover-hint = 将鼠标悬停在单元格上或轻点它，即可查看它的位置、维度、数值和公式。
pe-hover = 位置 { $pos }，维度 { $dim }（i = { $i }，{ $fn }）：值 = { $formula }
pe-lines-heading = 所选维度随位置的变化
pe-dims = 维度
pe-lines-label = 所选维度的{ -positional-encoding }值随位置变化的折线图
pe-position = 位置
pe-series = 第 { $dim } 维（{ $fn }）
pe-sim-heading = { -positional-encoding }之间的点积（行 = 位置 p，列 = 位置 q）
pe-sim-label = { -positional-encoding }两两之间的点积
pe-sim-legend = 位置 p 与 q 的{ -positional-encoding }点积
pe-sim-hover = 位置 { $p } 与 { $q } 的点积 = { $value }（距离 |p − q| = { $distance }）
pe-sim-hint = 带状结构表明：点积只取决于距离 p − q，而与 p 本身无关。

# How a token enters layer 1 (views/layer_input.rs).
pe-input-heading = 从词到{ -encoder }第 1 层的输入：× √d_model，+ PE
pe-input-waiting = 模型加载后，这里显示模型的数值。
pe-input-intro = 模型为源句的每个{ -token }取出{ -embedding }矩阵的一行，乘以 √d_model = { $sqrt_d }（d_model = { $d }，§3.4），再加上其位置的{ -positional-encoding }（§3.5）。这个和就是{ -encoder }第 1 层读到的输入。这些是模型自己在观察例句上的数值。
pe-input-token = { -token }
pe-input-row-head = （位置 { $pos }）·维度
pe-input-rms = 全部 { $d } 维的 RMS
pe-input-embedding = { -embedding } e
pe-input-scaled = e × √d_model
pe-input-pe = + PE(pos)
pe-input-sum = = { -encoder }第 1 层的输入
pe-input-why = 为什么 × √d_model：论文没有给出理由，§3.4 只写了“在{ -embedding }层中，我们把这些权重乘以 √d_model”，各教程也都没有提到这个系数。一种解读（本实验室的看法）：不乘的话，{ -token }的向量比分量在 [−1, 1] 之间的 PE 小，词可能被位置淹没。这里{ -embedding }矩阵那一行的 RMS 为 { $rms_e }，乘以 √d_model 后为 { $rms_scaled }，PE 为 { $rms_pe }。
pe-input-pe-off = 这次运行关闭了{ -positional-encoding }：PE 为 0，这一层只读乘以 √d_model 后的{ -embedding }。
pe-input-decoder-heading = { -decoder }的输入也是这样：× √d_model，+ PE
pe-input-decoder-intro = { -decoder }读的是右移一位的目标句：先是 <bos>，再是目标句的{ -token } y1 … ym，不含句末的 <eos>（图 1 的“输出（右移一位）”）。模型为每个{ -token }取出{ -decoder }自己的{ -embedding }矩阵（输出{ -embedding }）的一行，乘以 √d_model = { $sqrt_d }（d_model = { $d }，§3.4），再加上其位置的{ -positional-encoding }（§3.5）。论文（§3.4）让两个{ -embedding }层共用一个矩阵；本实验室总是两端各用一个（翻译任务每种语言各有{ -vocabulary }），所以这个矩阵与{ -encoder }的是分开的。这个和就是{ -decoder }第 1 层读到的输入。这些是模型自己在观察例句上的数值。
pe-input-decoder-sum = = { -decoder }第 1 层的输入

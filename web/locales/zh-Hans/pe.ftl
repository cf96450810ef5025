## pe: view 1, sinusoidal positional encoding (lab_math::sinusoid_table).

pe-title = 1 · { -positional-encoding }
pe-intro = 正弦和余弦交替排列：偶数维放正弦，奇数维放同一频率的余弦。低维转得快，高维转得慢；底数为 10000 时，几千个位置以内都不会重复。底数取 100（教程中的算例）会让每一维都转得更快。
pe-length = 长度
pe-base = 底数
pe-base-paper = 10000（论文）
pe-base-worked = 100（算例）
pe-problem-d-model = d_model 必须是 2 到 { $max } 之间的偶数，收到的是 { $got }。图中保留上一个有效值。
pe-problem-length = 长度必须是 2 到 { $max } 之间的整数，收到的是 { $got }。图中保留上一个有效值。
pe-table-heading = { -positional-encoding }表：行 = 位置（0 在最上面），列 = 维度（0 在最左边）
pe-table-label = { -positional-encoding }表，位置 × 维度
pe-value = { -positional-encoding }值
pe-hover-hint = 将鼠标悬停在单元格上，即可查看它的位置、维度、数值和公式。
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

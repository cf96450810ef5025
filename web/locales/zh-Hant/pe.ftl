## pe: view 1, sinusoidal positional encoding (lab_math::sinusoid_table).

pe-title = 1 · { -positional-encoding }
pe-intro = 正弦與餘弦交錯排列：偶數維放正弦，奇數維放同一頻率的餘弦。低維轉得快，高維轉得慢；底數為 10000 時，數千個位置以內都不會重複。底數取 100（教學中的計算範例）會讓每一維都轉得更快。
pe-length = 長度
pe-base = 底數
pe-base-paper = 10000（論文）
pe-base-worked = 100（計算範例）
pe-problem-d-model = d_model 必須是 2 到 { $max } 之間的偶數，收到的是 { $got }。圖中保留上一個有效值。
pe-problem-length = 長度必須是 2 到 { $max } 之間的整數，收到的是 { $got }。圖中保留上一個有效值。
pe-table-heading = { -positional-encoding }表：列 = 位置（0 在最上方），欄 = 維度（0 在最左邊）
pe-table-label = { -positional-encoding }表，位置 × 維度
pe-value = { -positional-encoding }值
pe-hover-hint = 將滑鼠移到格子上，即可看到它的位置、維度、數值和公式。
pe-hover = 位置 { $pos }，維度 { $dim }（i = { $i }，{ $fn }）：值 = { $formula }
pe-lines-heading = 所選維度隨位置的變化
pe-dims = 維度
pe-lines-label = 所選維度的{ -positional-encoding }值隨位置變化的折線圖
pe-position = 位置
pe-series = 第 { $dim } 維（{ $fn }）
pe-sim-heading = { -positional-encoding }之間的內積（列 = 位置 p，欄 = 位置 q）
pe-sim-label = { -positional-encoding }兩兩之間的內積
pe-sim-legend = 位置 p 與 q 的{ -positional-encoding }內積
pe-sim-hover = 位置 { $p } 與 { $q } 的內積 = { $value }（距離 |p − q| = { $distance }）
pe-sim-hint = 帶狀結構顯示：內積只取決於距離 p − q，而與 p 本身無關。

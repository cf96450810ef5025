## pe: view 1, sinusoidal positional encoding (lab_math::sinusoid_table).

pe-title = 1 · { -positional-encoding }
pe-intro = 正弦與餘弦交錯排列：偶數維放正弦，奇數維放同一頻率的餘弦。低維轉得快，高維轉得慢；底數為 { $base } 時，數千個位置以內都不會重複。底數取 { $worked_base }（教學中的計算範例）會讓每一維都轉得更快。
pe-length = 長度
pe-base = 底數
pe-base-paper = { $base }（論文）
pe-base-worked = { $worked_base }（計算範例）
pe-problem-d-model = d_model 必須是 2 到 { $max } 之間的偶數，收到的是 { $got }。圖中保留上一個有效值。
pe-problem-length = 長度必須是 2 到 { $max } 之間的整數，收到的是 { $got }。圖中保留上一個有效值。
pe-table-heading = { -positional-encoding }表：列 = 位置（0 在最上方），欄 = 維度（0 在最左邊）
pe-table-label = { -positional-encoding }表，位置 × 維度
pe-value = { -positional-encoding }值
pe-hover-hint = 將滑鼠移到格子上或輕點它，即可看到它的位置、維度、數值和公式。
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

# How a token enters layer 1 (views/layer_input.rs).
pe-input-heading = 從詞到{ -encoder }第 1 層的輸入：× √d_model，+ PE
pe-input-waiting = 模型載入後，這裡顯示模型的數值。
pe-input-intro = 模型為來源句的每個{ -token }取出{ -embedding }矩陣的一列，乘以 √d_model = { $sqrt_d }（d_model = { $d }，§3.4），再加上其位置的{ -positional-encoding }（§3.5）。這個和就是{ -encoder }第 1 層讀到的輸入。這些是模型自己在觀察例句上的數值。
pe-input-token = { -token }
pe-input-row-head = （位置 { $pos }）·維度
pe-input-rms = 全部 { $d } 維的 RMS
pe-input-embedding = { -embedding }列 e
pe-input-scaled = e × √d_model
pe-input-pe = + PE(pos)
pe-input-sum = = { -encoder }第 1 層的輸入
pe-input-why = 為什麼 × √d_model：論文沒有給出理由，§3.4 只寫了「在{ -embedding }層中，我們把這些權重乘以 √d_model」，各教學也都沒有提到這個係數。一種解讀（本實驗室的看法）：不乘的話，{ -token }的向量比分量在 [−1, 1] 之間的 PE 小，詞可能被位置淹沒。這裡{ -embedding }矩陣那一列的 RMS 為 { $rms_e }，乘以 √d_model 後為 { $rms_scaled }，PE 為 { $rms_pe }。
pe-input-pe-off = 這次執行關閉了{ -positional-encoding }：PE 為 0，這一層只讀乘以 √d_model 後的{ -embedding }。
pe-input-decoder-heading = { -decoder }的輸入也是這樣：× √d_model，+ PE
pe-input-decoder-intro = { -decoder }讀的是右移一位的目標句：先是 <bos>，再是目標句的{ -token } y1 … ym，不含句末的 <eos>（圖 1 的「輸出（右移一位）」）。模型為每個{ -token }取出{ -decoder }自己的{ -embedding }矩陣（輸出{ -embedding }）的一列，乘以 √d_model = { $sqrt_d }（d_model = { $d }，§3.4），再加上其位置的{ -positional-encoding }（§3.5）。論文（§3.4）讓兩個{ -embedding }層共用一個矩陣；本實驗室總是兩端各用一個（翻譯任務每種語言各有{ -vocabulary }），所以這個矩陣與{ -encoder }的是分開的。這個和就是{ -decoder }第 1 層讀到的輸入。這些是模型自己在觀察例句上的數值。
pe-input-decoder-sum = = { -decoder }第 1 層的輸入

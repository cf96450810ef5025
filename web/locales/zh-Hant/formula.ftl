## formula: the caption under each of the paper's formulas (app/formula.rs).

formula-attention = { -scaling }點積{ -attention }（§3.2.1）：每個 { -query } 對各個 { -key } 的權重總和為 1，輸出是 { -value } 的加權和。
formula-softmax-beta = { -inverse-temperature } β：β = 1 即論文中的 { -softmax }，β = 0 時權重平均分布，β → ∞ 即{ -hard-attention }（全部權重落在 argmax 上）。
formula-multi-head = { -multi-head }（§3.2.2）：h 個{ -head }各自在寬度為 d_k 的{ -projection }中計算{ -attention }，輸出串接後再{ -projection }回 d_model。本實驗室的每個{ -projection }還加上一個偏置（x · W + b，與檢視 3「走進一個{ -head }」一致）；論文的公式省略了偏置。
formula-positional = 正弦{ -positional-encoding }（§3.5）：第 2i 維是 sin，第 2i + 1 維是同一頻率的 cos。本實驗室訓練的每個模型都用論文的底數 { $base }；在{ -positional-encoding }檢視中也能畫出底數 { $worked_base }，此時公式也顯示 { $worked_base }。
formula-ffn = 逐位置的 { -ffn }（§3.3）：同樣兩個線性層，中間夾一個 ReLU，分別作用在每個位置上。
formula-post-norm = { -post-norm }，即論文的做法（§3.1）：把子層的輸出加到輸入上，再對總和做正規化。
formula-pre-norm = { -pre-norm }，即{ -annotated-transformer } 的做法：對子層的輸入做正規化，{ -residual }維持單純相加。
formula-noam = Noam 排程（§5.3）：{ -learning-rate }在 warmup_steps { -step }內線性增加，之後依 1/√{ -step }數遞減；兩段在峰值處（{ -step }數 = warmup_steps）相接。論文的式 (3) 沒有 factor，相當於 factor = 1；factor 來自{ -annotated-transformer }，可在{ -learning-rate }排程檢視中調整。
formula-smoothed-target = { -label-smoothing }（論文 §5.4 只給出 ε = 0.1；這種分法來自 { -annotated-transformer }）：正確的{ -token } y 保留 1 − ε，其餘 V − 2 個{ -token }平分 ε，從不作為目標的 PAD 得到 0。
formula-cross-entropy = 每個目標{ -token }的{ -cross-entropy }，單位為奈特（自然對數）：目標自身的{ -entropy } H(q) 加上訓練可以消除的{ -kl } KL(q ‖ p)。

## practice: predict, then reveal (views/practice). The answers come from lab_math on the live run.

practice-predict = 先預測：
practice-answer-label = 你的答案
practice-check = 核對
practice-waiting = 模型載入後會出現問題。
practice-right = ✓ 正確。
practice-wrong = ✗ 差一點：答案是 { $answer }。
practice-revealed = 答案：{ $answer }。
practice-progress-label = 答對的問題：
practice-reset = 清除我的答案
practice-pe-zero = 在位置 0 的第 { $dim } 維，PE(0) 的值是多少？
practice-pe-zero-why = 第 { $dim } 維是奇數維，放的是餘弦，cos(0) = { $answer }：在位置 0，所有正弦為 0，所有餘弦為 1（教學 003，{ -positional-encoding }）。
practice-uniform-entropy = 在{ -attention }圖所用的句子上，{ -encoder }的{ -self-attention }有 { $keys } 個 { -key }，全部可見。β = 0 時，一個 { -query } 的權重列帶有多少位元的{ -entropy }？（保留兩位小數）
practice-uniform-entropy-why = β = 0 時，{ -softmax } 給每個可見的{ -key }相同的權重 1/{ $keys }；{ $keys } 種結果的均勻分布帶有 log₂ { $keys } = { $answer } 位元，這是最大值（教學 004，β）。
practice-hidden-cells = { -decoder }讀 { $len } 個位置。{ -causal-mask }遮住了多少個格子？
practice-hidden-cells-why = { -query } t 不能看 t 之後的{ -key }：嚴格上三角，{ $len } × ({ $len } − 1) / 2 = { $answer } 個格子（§3.2.3）。
practice-noam-peak = { -warmup }為 { $warmup } 步（d_model = { $d }）時，{ -learning-rate }在第幾步達到最大？
practice-noam-peak-why = { -learning-rate }先按 { -step }數 · warmup_steps^−1.5 上升，再按 { -step }數^−0.5 下降；兩段在 { -step }數 = warmup_steps = { $answer } 相交，與 d_model 和係數無關（§5.3）。
practice-loss-floor = ε = { $eps }、目標{ -token }有 { $vocab } 個時，完美的模型能達到的最低{ -loss }是每個{ -token }多少奈特？（保留兩位小數）
practice-loss-floor-why = 平滑後的目標給正確的{ -token } 1 − ε，給除 PAD 外的其他每個{ -token } ε/(V − 2)；它的{ -entropy } H(q) = { $answer } 奈特就是下限，只有預測等於 q 時才能達到（ε 出自論文 §5.4；把 ε 分給其他 V − 2 個{ -token }的做法出自 { -annotated-transformer }，見教學 000）。
practice-crossover = d = { $d } 時，句子長度 n 到多少為止，{ -self-attention }每層的計算量不超過循環層？
practice-crossover-why = { -self-attention }要 n²·d，循環層要 n·d²；兩者在 n = d = { $answer } 時相等（§4，表 1）。
practice-pe-fastest = 這幾個維度中，哪一個從位置 0 到位置 1 變化最大？
practice-pe-fastest-why = 第 { $answer } 維。PE(pos, 2i) = sin(pos / { $base }^(2i/d_model))，維度越高波長越長；第 0 維每個位置轉一個弧度，最後幾維幾乎不動（§3.5）。
practice-cross-argmax = 在{ -cross-attention }（第 1 層，第 1 個頭）中，預測「{ $target }」的{ -query }最看重來源句的哪個詞？
practice-cross-argmax-why = { -cross-attention }圖第 1 { -layer }第 1 個{ -head }的這一列，把最大的權重放在「{ $answer }」上。不論詞序如何，{ -query } 都可以給來源句的任何位置加權；一個{ -head }最看重哪個位置是學出來的，別的{ -head }或{ -layer }可能看重別的位置（圖中全都畫出）。
practice-next-token-waiting = 先在上面翻譯一句話，再在這裡預測下一個{ -token }。
practice-next-token = 上面{ $strategy ->
        [beam] { -beam-search }的最佳{ -hypothesis }
        [sample] { -sampling }
       *[greedy] { -greedy }
    }的第 { $step } 步，{ -decoder }讀「{ $input }」。模型把哪個下一個{ -token }排在第一？
practice-next-token-why = 最後一個位置的 { -softmax } 把最大的機率給了「{ $answer }」：第 { $step } 步清單的第一名。
practice-score-argmax = 在 { -softmax } 之前想一想：在上面打開的{ -head }中，{ -query } { $query }（「{ $token }」）給哪個{ -key }的權重最大？
practice-score-argmax-why = 在可見的 { -key } 中，{ -scaling }後的{ -score } q·k/√d_k 最高的是「{ $answer }」。{ -softmax } 保持順序（eˣ 隨 x 增大），所以只要 β > 0，{ -score }最高的 { -key } 就得到最大的權重。
practice-cache-saving = 解碼第 { $step } 步，{ -kv-cache }節省了多少次乘加？這裡 d = d_model = { $d }，d_ff = { $dff }，L = { -decoder }{ -layer }數 { $layers }，S = 來源句{ -token }數 { $src }（含 <eos>），V = 目標{ -vocabulary }大小 { $vocab }。（誤差 1% 以內；公式見逐步解碼）
practice-cache-saving-why = 不用快取時，第 { $step } 步要把所有{ -layer }在全部 { $step } 個位置上重算一遍，還要為{ -cross-attention }重新{ -projection }來源句的 K 和 V：節省量中有 { $formula } = { $reprojected } 次來自這裡。用快取時只算最新的位置，來源句的 K 和 V 只在第 1 步{ -projection }一次。差是 { $answer } 次乘加，而且每一步都在增加。
practice-same-vector = 把{ -attention }圖所用句子的第一個詞移到位置 { $pos }，第 1 層讀到的向量和在位置 0 時一樣嗎？（這次執行{ -positional-encoding }{ $pe ->
        [on] 開啟
       *[off] 關閉
    }）
practice-same-vector-same = 同一個向量
practice-same-vector-different = 不同的向量
practice-same-vector-why = { $answer }。詞的{ -embedding } × √d_model 在每個位置都一樣，所以只有 PE 能區分位置。沒有它，{ -attention }只看到一組詞，詞序就遺失了：這就是沒有 PE 時「倒序」任務會失敗的原因（訓練中的「{ -positional-encoding }」核取方塊；比較）。
practice-option-at = { $token }（位置 { $position }）

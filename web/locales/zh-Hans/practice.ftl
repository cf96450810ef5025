## practice: predict, then reveal (views/practice). The answers come from lab_math on the live run.

practice-predict = 先预测：
practice-answer-label = 你的答案
practice-check = 核对
practice-waiting = 模型加载后会出现问题。
practice-right = ✓ 正确。
practice-wrong = ✗ 差一点：答案是 { $answer }。
practice-revealed = 答案：{ $answer }。
practice-progress-label = 答对的问题：
practice-reset = 清除我的答案
practice-pe-zero = 在位置 0 的第 { $dim } 维，PE(0) 的值是多少？
practice-pe-zero-why = 第 { $dim } 维是奇数维，放的是余弦，cos(0) = { $answer }：在位置 0，所有正弦为 0，所有余弦为 1（教程 003，{ -positional-encoding }）。
practice-uniform-entropy = 在{ -attention }图所用的句子上，{ -encoder }的{ -self-attention }有 { $keys } 个{ -key }，全部可见。β = 0 时，一个{ -query }的权重行带有多少比特的{ -entropy }？（保留两位小数）
practice-uniform-entropy-why = β = 0 时，{ -softmax } 给每个可见的{ -key }相同的权重 1/{ $keys }；{ $keys } 种结果的均匀分布带有 log₂ { $keys } = { $answer } 比特，这是最大值（教程 004，β）。
practice-hidden-cells = { -decoder }读 { $len } 个位置。{ -causal-mask }遮住了多少个格子？
practice-hidden-cells-why = { -query } t 不能看 t 之后的{ -key }：严格上三角，{ $len } × ({ $len } − 1) / 2 = { $answer } 个格子（§3.2.3）。
practice-noam-peak = { -warmup }为 { $warmup } 步（d_model = { $d }）时，{ -learning-rate }在第几步达到最大？
practice-noam-peak-why = { -learning-rate }先按 { -step }数 · warmup_steps^−1.5 上升，再按 { -step }数^−0.5 下降；两段在 { -step }数 = warmup_steps = { $answer } 相交，与 d_model 和系数无关（§5.3）。
practice-loss-floor = ε = { $eps }、目标{ -token }有 { $vocab } 个时，完美的模型能达到的最低{ -loss }是每个{ -token }多少奈特？（保留两位小数）
practice-loss-floor-why = 平滑后的目标给正确的{ -token } 1 − ε，给除 PAD 外的其他每个{ -token } ε/(V − 2)；它的{ -entropy } H(q) = { $answer } 奈特就是下限，只有预测等于 q 时才能达到（ε 出自论文 §5.4；把 ε 分给其他 V − 2 个{ -token }的做法出自 { -annotated-transformer }，见教程 000）。
practice-crossover = d = { $d } 时，句子长度 n 到多少为止，{ -self-attention }每层的计算量不超过循环层？
practice-crossover-why = { -self-attention }要 n²·d，循环层要 n·d²；两者在 n = d = { $answer } 时相等（§4，表 1）。
practice-pe-fastest = 这几个维度中，哪一个从位置 0 到位置 1 变化最大？
practice-pe-fastest-why = 第 { $answer } 维。PE(pos, 2i) = sin(pos / { $base }^(2i/d_model))，维度越高波长越长；第 0 维每个位置转一个弧度，最后几维几乎不动（§3.5）。
practice-cross-argmax = 在{ -cross-attention }（第 1 层，第 1 个头）中，预测“{ $target }”的{ -query }最看重源句的哪个词？
practice-cross-argmax-why = { -cross-attention }图第 1 { -layer }第 1 个{ -head }的这一行，把最大的权重放在“{ $answer }”上。不论词序如何，{ -query }都可以给源句的任何位置加权；一个{ -head }最看重哪个位置是学出来的，别的{ -head }或{ -layer }可能看重别的位置（图中全都画出）。
practice-next-token-waiting = 先在上面翻译一句话，再在这里预测下一个{ -token }。
practice-next-token = 上面{ $strategy ->
        [beam] { -beam-search }的最佳{ -hypothesis }
        [sample] { -sampling }
       *[greedy] { -greedy }
    }的第 { $step } 步，{ -decoder }读“{ $input }”。模型把哪个下一个{ -token }排在第一？
practice-next-token-why = 最后一个位置的 { -softmax } 把最大的概率给了“{ $answer }”：第 { $step } 步列表的第一名。
practice-score-argmax = 在 { -softmax } 之前想一想：在上面打开的{ -head }中，{ -query } { $query }（“{ $token }”）给哪个{ -key }的权重最大？
practice-score-argmax-why = 在可见的{ -key }中，{ -scaling }后的{ -score } q·k/√d_k 最高的是“{ $answer }”。{ -softmax } 保持顺序（eˣ 随 x 增大），所以只要 β > 0，{ -score }最高的{ -key }就得到最大的权重。
practice-cache-saving = 解码第 { $step } 步，{ -kv-cache }节省了多少次乘加？这里 d = d_model = { $d }，d_ff = { $dff }，L = { -decoder }{ -layer }数 { $layers }，S = 源句{ -token }数 { $src }（含 <eos>），V = 目标{ -vocabulary }大小 { $vocab }。（误差 1% 以内；公式见逐步解码）
practice-cache-saving-why = 不用缓存时，第 { $step } 步要把所有{ -layer }在全部 { $step } 个位置上重算一遍，还要为{ -cross-attention }重新对源句做{ -projection }，得到 K 和 V：节省量中有 { $formula } = { $reprojected } 次来自这里。用缓存时只算最新的位置，源句的 K 和 V 只在第 1 步做一次{ -projection }。差是 { $answer } 次乘加，而且每一步都在增加。
practice-same-vector = 把{ -attention }图所用句子的第一个词移到位置 { $pos }，第 1 层读到的向量和在位置 0 时一样吗？（这次运行{ -positional-encoding }{ $pe ->
        [on] 开启
       *[off] 关闭
    }）
practice-same-vector-same = 同一个向量
practice-same-vector-different = 不同的向量
practice-same-vector-why = { $answer }。{ -embedding } × √d_model 只取决于是哪个词，与位置无关，所以只有 PE 能区分位置。没有它，{ -attention }只看到一组词，词序丢失了：这就是没有 PE 时“倒序”任务会失败的原因（训练中的“{ -positional-encoding }”复选框；对比）。
practice-option-at = { $token }（位置 { $position }）

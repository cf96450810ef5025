## formula: the caption under each of the paper's formulas (app/formula.rs).

formula-attention = { -scaling }点积{ -attention }（§3.2.1）：每个{ -query }对各{ -key }的权重之和为 1，输出是{ -value }的加权和。
formula-softmax-beta = { -inverse-temperature } β：β = 1 即论文中的 { -softmax }，β = 0 时权重均匀分布，β → ∞ 即{ -hard-attention }（全部权重落在 argmax 上）。
formula-multi-head = { -multi-head }（§3.2.2）：h 个{ -head }各自在宽度为 d_k 的{ -projection }中计算{ -attention }，输出拼接后再映射回 d_model。本实验室的每个{ -projection }还加上一个偏置（x · W + b，与视图 3“走进一个{ -head }”一致）；论文的公式省略了偏置。
formula-positional = 正弦{ -positional-encoding }（§3.5）：第 2i 维是 sin，第 2i + 1 维是同一频率的 cos。本实验室训练的每个模型都用论文的底数 { $base }；{ -positional-encoding }视图也能画底数 { $worked_base }，此时公式也显示 { $worked_base }。
formula-ffn = 逐位置的{ -ffn }（§3.3）：同样两个线性层，中间夹一个 ReLU，分别作用于每个位置。
formula-post-norm = { -post-norm }，即论文的做法（§3.1）：把子层的输出加到输入上，再对和做归一化。
formula-pre-norm = { -pre-norm }，即{ -annotated-transformer } 的做法：对子层的输入做归一化，{ -residual }保持为简单相加。
formula-noam = Noam 调度（§5.3）：{ -learning-rate }在 warmup_steps { -step }内线性增长，之后按 1/√{ -step }数衰减；两段在峰值处（{ -step }数 = warmup_steps）相接。论文的式 (3) 没有 factor，相当于 factor = 1；factor 来自{ -annotated-transformer }，可在{ -learning-rate }调度视图中调整。
formula-smoothed-target = { -label-smoothing }（论文 §5.4 只给出 ε = 0.1；这种分法来自 { -annotated-transformer }）：正确的{ -token } y 保留 1 − ε，其余 V − 2 个{ -token }平分 ε，从不作为目标的 PAD 得到 0。
formula-cross-entropy = 每个目标{ -token }的{ -cross-entropy }，单位为奈特（自然对数）：目标自身的{ -entropy } H(q) 加上训练可以消除的{ -kl } KL(q ‖ p)。

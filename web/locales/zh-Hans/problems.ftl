## problems: errors and verdicts from the worker, settings and files

problems-checkpoint = 无法加载{ -checkpoint }（{ $why }）。
problems-checkpoint-kept = 无法加载{ -checkpoint }（{ $why }）。当前模型仍可继续使用。
problems-checkpoint-too-short = 文件只有 { $bytes } 字节，对{ -checkpoint }来说太短，可能被截断了
problems-checkpoint-not-ours = 此文件不是本实验室保存的{ -checkpoint }
problems-checkpoint-version = 此文件的{ -checkpoint }格式为第 { $found } 版，而本实验室只能读取第 { $oldest } 至 { $newest } 版
problems-checkpoint-damaged = 文件已损坏
problems-checkpoint-inconsistent = 文件中记录的模型结构、训练设置与权重彼此不符
problems-checkpoint-too-large = 文件或其中记录的模型超出了本实验室的大小上限
problems-pretrained = 无法加载预训练的“{ $task }”模型（{ $why }），改为从未训练的模型开始训练。
problems-no-model = 还没有加载模型：请等待预训练{ -checkpoint }加载完成，或按“重置”从头开始训练。
problems-unreadable = 页面与训练 Worker 之间的消息无法读取（{ $why }）。请重新加载页面。
problems-crashed = 训练 Worker 已停止（{ $why }）。按“重启 Worker”可启动一个新的。
problems-diverged-loss = 训练在第 { $step } 步发散：{ -loss }升到 { $loss }，超过了起始值或均匀猜测值（{ $reference }）的 { $factor } 倍。
problems-diverged-nan = 训练在第 { $step } 步发散：{ -loss }变成了 NaN 或无穷大，权重已不再是数值。
problems-diverged-cause = 第 { $peak_step } 步（峰值）的{ -learning-rate }为 { $rate }（系数 { $lr_factor }）：{ -warmup }太短或系数太大。训练已暂停；按“重置”将以预设的调度（系数 { $safe_factor }，{ -warmup } { $safe_warmup } 步）重新开始。
problems-diverged-weights = 训练在第 { $step } 步发散：模型的数值变成了 NaN 或无穷大。训练已暂停；按“重置”重新开始。
problems-field-n-layers = { -layer }数
problems-field-n-heads = { -head }数
problems-field-batch-size = { -batch }大小
problems-field-warmup-steps = { -warmup }
problems-field-label-smoothing = { -label-smoothing }
problems-field-dropout = { -dropout }
problems-rule-between = { $name }必须在 { $min } 到 { $max } 之间（输入为 { $got }）。
problems-rule-even = d_model 必须是偶数：{ -positional-encoding }把正弦和余弦成对使用（输入为 { $got }）。
problems-rule-divisible = d_model（{ $d_model }）必须能被{ -head }数（{ $n_heads }）整除：每个{ -head }分到 d_k = d_model / h 维。
problems-rule-at-least-one = { $name }至少为 1。
problems-rule-warmup = { -warmup }至少为 1 步：Noam 调度要除以它。
problems-rule-fraction = { $name }必须大于等于 0 且小于 1（输入为 { $got }）。
problems-rule-factor = { -learning-rate }系数必须大于 0 且不超过 { $max }（输入为 { $got }）。
problems-rule-budget = 这个模型将有 { $count } 个参数；本实验室最多训练 { $max } 个。
problems-rule-budget-huge = 这个模型的参数多到无法计数；本实验室最多训练 { $max } 个。
problems-rule-memory = 一个训练步在 Worker 中需要约 { $needed } 内存，而浏览器的 Worker 最多只能分配 { $max }。减小批大小、d_model 或 d_ff，或减少层数，就能放下。
problems-rule-memory-huge = 一个训练步需要的内存多到无法计数；浏览器的 Worker 最多只能分配 { $max }。
problems-rule-not-loaded = 这个任务的句子还没有加载。再选一次这个任务即可下载。
problems-data = 无法加载“{ $task }”的句子（{ $why }）。当前模型继续可用。

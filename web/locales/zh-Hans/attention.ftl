## attention: view 2, every layer × head of the three attention kinds.

attention-title = 2 · { -attention }：每一{ -layer } × 每个{ -head }
attention-intro = 当前模型在观察例句上的{ -attention }（{ -teacher-forcing }），训练进行时会实时更新。每一行是一个{ -query }对所有{ -key }的 { -softmax }，所以每一行的和都是 1。
attention-probe = 观察例句：
attention-kind = 类型
attention-average = 按{ -layer }显示{ -head }的平均
attention-axes-encoder-self = 行 = { -query }：源句的{ -token }。列 = { -key }：源句的{ -token }。
attention-axes-decoder-self = 行 = { -query }：{ -decoder }的各个位置，标为“输入 → 它要预测的{ -token }”（<bos> → y1 …）。列 = { -key }：{ -decoder }的输入；灰色 = 被{ -causal-mask }遮蔽（{ -key }在{ -query }之后）。
attention-axes-cross = 行 = { -query }：{ -decoder }的各个位置，标为“输入 → 它要预测的{ -token }”（<bos> → y1 …）。列 = { -key }：源句的{ -token }（{ -encoder }的输出）。
attention-weight = { -softmax } 权重
attention-hover-hint = 将鼠标悬停在单元格上或轻点它，可查看它的{ -query }、{ -key }和权重；点击一幅图，或再次轻点同一单元格，可将其放大。
attention-hover = { $map }：{ -query }“{ $query }” → { -key }“{ $key }”：权重 { $weight }
attention-hover-hidden = { $map }：{ -query }“{ $query }” → { -key }“{ $key }”：权重 { $weight }（被{ -mask }遮蔽）
attention-map-head = 第 { $layer } { -layer } · 第 { $head } 个{ -head }
attention-map-average = 第 { $layer } { -layer } · 所有{ -head }的平均
attention-map-label = { $kind }，{ $map }
attention-close = ✕ 关闭
attention-waiting = 正在等待模型的第一批{ -attention }图…

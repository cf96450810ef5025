## mask: view 4, the masks of lab_math::masks and what one hides in a real head.

mask-title = 4 · { -mask }
mask-convention-label = 约定：
mask-convention = true = 遮蔽（灰色斜线；可见的格子有颜色）：{ -score }在 { -softmax } 之前变为 −∞，所以权重恰好为 0。行是{ -query }，列是{ -key }；但在{ -padding-mask }中，行是{ -batch }中的句子（每一行适用于关注该句的所有{ -query }），列是{ -key }位置。
mask-visible = 可见（保留{ -score }）
mask-hidden = 遮蔽（{ -mask } = true，{ -score } → −∞）
mask-causal-caption = { -causal-mask }：{ -query } t 只能看到{ -key } 0…t
mask-causal-label = { -causal-mask }
mask-padding-caption = 一个源句{ -batch }的{ -padding-mask }（行 = 句子，列 = { -key }位置）
mask-padding-label = { -padding-mask }
mask-combined-heading = { -decoder }的组合{ -mask } = { -causal-mask }与{ -padding-mask }取逻辑或，{ -batch }中每个句子一个
mask-combined-label = 组合{ -mask }
mask-demo-heading = { -mask }对真实{ -score }的作用：{ -decoder }第 1 { -layer }的{ -self-attention }
mask-head = { -head }
mask-head-option = 第 { $head } 个{ -head }
mask-scale-hint = 原始{ -score }和遮蔽后的{ -score }共用同一个色标（范围显示在各图下方）；权重使用 0–1 的色标。
mask-demo-raw = 原始{ -score } Q·Kᵀ/√d_k
mask-demo-masked = 遮蔽后的{ -score }（浅灰 = −∞）
mask-demo-weights = { -softmax } 权重（被遮蔽处恰好为 0）
mask-range = 色标范围 { $low } … { $high }

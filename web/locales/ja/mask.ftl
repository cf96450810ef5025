## mask: view 4, the masks of lab_math::masks and what one hides in a real head.

mask-title = 4 · { -mask }
mask-convention-label = 約束：
mask-convention = true = 隠す（灰色の斜線。見えるマスには色が付きます）：{ -softmax } の前に{ -score }を −∞ にするので、重みはちょうど 0 になります。行は{ -query }、列は{ -key }です。ただし{ -padding-mask }では、行は{ -batch }の文（1 行が、その文に注意を向けるすべての{ -query }に使われます）、列は{ -key }の位置です。
mask-visible = 見える（{ -score }をそのまま使う）
mask-hidden = 隠す（{ -mask } = true、{ -score } → −∞）
mask-causal-caption = { -causal-mask }：{ -query } t が見られるのは{ -key } 0…t だけ
mask-causal-label = { -causal-mask }
mask-padding-caption = 原文の{ -batch }に対する{ -padding-mask }（行 = 文、列 = { -key }の位置）
mask-padding-label = { -padding-mask }
mask-combined-heading = { -decoder }の結合{ -mask } = { -causal-mask }と{ -padding-mask }の論理和（{ -batch }の文ごとに 1 つ）
mask-combined-label = 結合した{ -mask }
mask-demo-heading = { -mask }が実際の{ -score }に及ぼす効果：{ -decoder }の第 1 { -layer }、{ -self-attention }
mask-head = { -head }
mask-head-option = { -head } { $head }
mask-scale-hint = 生の{ -score }と{ -mask }後の{ -score }は同じ色の目盛りを使います（範囲は各図の下に表示）。重みの目盛りは 0〜1 です。
mask-demo-raw = 生の{ -score } Q·Kᵀ/√d_k
mask-demo-masked = { -mask }後の{ -score }（薄い灰色 = −∞）
mask-demo-weights = { -softmax } の重み（隠した所はちょうど 0）
mask-range = 色の範囲 { $low } … { $high }

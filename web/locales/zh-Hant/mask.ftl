## mask: view 4, the masks of lab_math::masks and what one hides in a real head.

mask-title = 4 · { -mask }
mask-convention-label = 約定：
mask-convention = true = 遮蔽（灰色斜線；可見的格子有顏色）：{ -score }在 { -softmax } 之前變為 −∞，所以權重恰好為 0。列是 { -query }，欄是 { -key }；但在{ -padding-mask }中，列是{ -batch }中的句子（每一列適用於關注該句的所有 { -query }），欄是 { -key } 位置。
mask-visible = 可見（保留{ -score }）
mask-hidden = 遮蔽（{ -mask } = true，{ -score } → −∞）
mask-causal-caption = { -causal-mask }：{ -query } t 只能看到 { -key } 0…t
mask-causal-label = { -causal-mask }
mask-padding-caption = 一個來源句{ -batch }的{ -padding-mask }（列 = 句子，欄 = { -key } 位置）
mask-padding-label = { -padding-mask }
mask-combined-heading = { -decoder }的組合{ -mask } = { -causal-mask }與{ -padding-mask }取邏輯或，{ -batch }中每個句子一個
mask-combined-label = 組合{ -mask }
mask-demo-heading = { -mask }對真實{ -score }的作用：{ -decoder }第 1 { -layer }的{ -self-attention }
mask-head = { -head }
mask-head-option = 第 { $head } 個{ -head }
mask-scale-hint = 原始{ -score }與遮蔽後的{ -score }共用同一個色階（範圍顯示在各圖下方）；權重使用 0–1 的色階。
mask-demo-raw = 原始{ -score } Q·Kᵀ/√d_k
mask-demo-masked = 遮蔽後的{ -score }（淺灰 = −∞）
mask-demo-weights = { -softmax } 權重（被遮蔽處恰好為 0）
mask-range = 色階範圍 { $low } … { $high }

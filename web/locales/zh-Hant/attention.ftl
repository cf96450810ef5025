## attention: view 2, every layer × head of the three attention kinds.

attention-title = 2 · { -attention }：每一{ -layer } × 每個{ -head }
attention-intro = 目前模型在觀察例句上的{ -attention }（{ -teacher-forcing }），訓練進行時會即時更新。每一列是一個 { -query } 對所有 { -key } 的 { -softmax }，所以每一列的和都是 1。
attention-probe = 觀察例句：
attention-kind = 類型
attention-average = 按{ -layer }顯示{ -head }的平均
attention-axes-encoder-self = 列 = { -query }：來源句的{ -token }。欄 = { -key }：來源句的{ -token }。
attention-axes-decoder-self = 列 = { -query }：{ -decoder }的各個位置，標為「輸入 → 它要預測的{ -token }」（<bos> → y1 …）。欄 = { -key }：{ -decoder }的輸入；灰色 = 被{ -causal-mask }遮蔽（{ -key } 在 { -query } 之後）。
attention-axes-cross = 列 = { -query }：{ -decoder }的各個位置，標為「輸入 → 它要預測的{ -token }」（<bos> → y1 …）。欄 = { -key }：來源句的{ -token }（{ -encoder }的輸出）。
attention-weight = { -softmax } 權重
attention-hover-hint = 將滑鼠移到格子上或輕點它，可查看它的 { -query }、{ -key } 和權重；點一下圖，或再輕點同一格，可以放大。
attention-hover = { $map }：{ -query }「{ $query }」→ { -key }「{ $key }」：權重 { $weight }
attention-hover-hidden = { $map }：{ -query }「{ $query }」→ { -key }「{ $key }」：權重 { $weight }（被{ -mask }遮蔽）
attention-map-head = 第 { $layer } { -layer } · 第 { $head } 個{ -head }
attention-map-average = 第 { $layer } { -layer } · 所有{ -head }的平均
attention-map-label = { $kind }，{ $map }
attention-close = ✕ 關閉
attention-waiting = 正在等待模型的第一批{ -attention }圖…

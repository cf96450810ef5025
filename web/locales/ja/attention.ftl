## attention: view 2, every layer × head of the three attention kinds.

attention-title = 2 · { -attention }：すべての{ -layer } × { -head }
attention-intro = 現在のモデルが観察用の例文に対して計算した{ -attention }です（{ -teacher-forcing }）。学習中はリアルタイムに更新されます。各行は 1 つの{ -query }の{ -key }全体にわたる { -softmax } なので、どの行も和が 1 になります。
attention-probe = 観察用の例文：
attention-kind = 種類
attention-average = { -layer }ごとに{ -head }の平均を表示
attention-axes-encoder-self = 行 = { -query }：原文の{ -token }。列 = { -key }：原文の{ -token }。
attention-axes-decoder-self = 行 = { -query }：{ -decoder }の各位置。「入力 → 予測する{ -token }」の形でラベルを付けています（<bos> → y1 …）。列 = { -key }：{ -decoder }への入力。灰色 = { -causal-mask }で隠された部分（{ -query }より後ろの{ -key }）。
attention-axes-cross = 行 = { -query }：{ -decoder }の各位置。「入力 → 予測する{ -token }」の形でラベルを付けています（<bos> → y1 …）。列 = { -key }：原文の{ -token }（{ -encoder }の出力）。
attention-weight = { -softmax } の重み
attention-hover-hint = セルにポインタを重ねるかタップすると{ -query }・{ -key }・重みが表示されます。マップをクリックするか、同じセルをもう一度タップすると拡大します。
attention-hover = { $map }：{ -query }「{ $query }」→ { -key }「{ $key }」：重み { $weight }
attention-hover-hidden = { $map }：{ -query }「{ $query }」→ { -key }「{ $key }」：重み { $weight }（{ -mask }で隠されています）
attention-map-head = 第 { $layer } { -layer } · { -head } { $head }
attention-map-average = 第 { $layer } { -layer } · 全{ -head }の平均
attention-map-label = { $kind }、{ $map }
attention-close = ✕ 閉じる
attention-waiting = モデルの最初の注意マップを待っています…

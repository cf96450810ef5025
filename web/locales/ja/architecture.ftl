## architecture: the paper's Figure 1, drawn from the run's model (views/architecture).

arch-title = この実行の { -transformer }（論文の図 1）
arch-hint = どの箱もこのモデルのもので、観察用の例文で次に渡すテンソルの形を示します。押すと、それを示す図が開きます。
arch-layer = 表示する{ -layer }
arch-waiting = モデルが読み込まれると図が描かれます。
arch-encoder = { -encoder }
arch-decoder = { -decoder }
# The paper's "N×": the layer drawn stands for this many of its kind.
arch-times = { $n }×
arch-inputs = 入力
arch-outputs = 出力（右に一つずらしたもの）
arch-input-embedding = 入力の{ -embedding } × √{ $d_model }
arch-output-embedding = 出力の{ -embedding } × √{ $d_model }
arch-pe = ⊕ { -positional-encoding }
arch-pe-off = { -positional-encoding }：オフ（ゼロを加える）
arch-enc-self-attention = { -self-attention }、{ -multi-head }（h = { $heads }、d_k = { $d_k }）
arch-dec-self-attention = { -mask }付き{ -self-attention }（h = { $heads }、d_k = { $d_k }）
arch-cross-attention = { -cross-attention }：Q は{ -decoder }から、K と V は{ -encoder }の出力から（h = { $heads }、d_k = { $d_k }）
arch-memory = { -encoder }の出力 → K、V
arch-memory-title = { -decoder }の各{ -layer }の{ -cross-attention }が、これを読みます。K と V はここから、Q は{ -decoder }から来ます。
arch-feed-forward = { -ffn }（d_ff = { $d_ff }）
arch-add-norm = { -residual } + { -layer-norm }
arch-norm = { -layer-norm }（サブ層の前）
arch-add = { -residual }
arch-final-norm = スタック最後の{ -layer-norm }
arch-linear = 線形層
arch-linear-tied = 線形層：出力側の{ -embedding }の行列を共有（§3.4）
arch-softmax = { -softmax }：出力確率
arch-inside = 内部：{ $shape }
arch-open = （{ $view } を開く）
arch-minimap = ここで扱うモデルの部分：{ $boxes }。論文の図 1（この実行のモデル）で色の付いた箱です。押すと論文の図 1 に移動します。
arch-minimap-views = この節に対応するラボの図が扱うモデルの部分：{ $boxes }。論文の図 1（この実行のモデル）で色の付いた箱です。押すと論文の図 1 に移動します。
arch-glimpse-attention = リアルタイム：観察用の例文に対するこの{ -layer }の{ -attention-weights }{ $heads ->
    [1] {""}
   *[other] を、{ $heads } 個の{ -head }で平均したもの
}（行が{ -query }、列が{ -key }）。
arch-glimpse-pe = モデルが{ $stack ->
    [encoder] 原文
   *[decoder] { -decoder }の入力
}の各位置に加える{ -positional-encoding }（行が位置、列が次元）。
arch-glimpse-embedding = リアルタイム：{ $stack ->
    [encoder] 原文
   *[decoder] { -decoder }の入力
}の各{ -token }の{ -embedding }の行 × √d_model。これに{ -positional-encoding }を加えます（行が{ -token }、列が次元、中央の色が 0）。
arch-glimpse-ffn = リアルタイム：観察用の例文に対する、この{ -layer }の{ -ffn }の内部。各{ -token }の { $d_ff } 個の隠れユニットの、ReLU を通した後の値 max(0, x W₁ + b₁)（行が{ -token }、列がユニット。W₁ と b₁ はどの位置でも同じ）。0 がいちばん暗い色、この図の最大値がいちばん明るい色です。いまは全体の { $zero }% がちょうど 0 で、その{ -token }では ReLU がそのユニットを 0 にしています。
arch-glimpse-add-norm = リアルタイム：観察用の例文に対する LayerNorm(x + Sublayer(x))。この箱が次へ渡す値です。{ -residual }でサブ層の出力を入力 x に足し、各{ -token }の { $d_model } 個の数の行を平均 0、分散 1 に正規化してから、次元ごとに学習した γ を掛けて β を足します（行が{ -token }、列が次元、中央の色が 0）。
arch-glimpse-norm = リアルタイム：観察用の例文に対する LayerNorm(x)。サブ層が下から読む値です。各{ -token }の { $d_model } 個の数の行を平均 0、分散 1 に正規化してから、次元ごとに学習した γ を掛けて β を足します（行が{ -token }、列が次元、中央の色が 0）。
arch-glimpse-add = リアルタイム：観察用の例文に対する x + Sublayer(LayerNorm(x))。この箱が次へ渡す値です。{ -residual }で各{ -token }の { $d_model } 個の数にサブ層の出力を足します。ここでは和を正規化しません（行が{ -token }、列が次元、中央の色が 0）。
arch-glimpse-final-norm = リアルタイム：観察用の例文に対する、{ $stack ->
    [encoder] { -encoder }
   *[decoder] { -decoder }
}の最後の{ -layer }の出力に、スタック最後の { -layer-norm } をかけた値。{ $stack ->
    [encoder] { -decoder }の各{ -layer }の{ -cross-attention }が{ -key }と{ -value }として読む値です
   *[decoder] 線形層が読む値です
}（{ -token }ごとに { $d_model } 個の数。行が{ -token }、列が次元、中央の色が 0）。
arch-glimpse-logits = リアルタイム：観察用の例文に対する線形層の出力。{ -decoder }の入力の各位置（行）で、出力側の{ -vocabulary }の { $vocab } 個の{ -token }（列）それぞれに 1 つずつ値（ロジット：{ -softmax } にかける前の値）があります。この図の最小値がいちばん暗い色、最大値がいちばん明るい色です。上の { -softmax } が各行を次の{ -token }の確率に変えます。
arch-glimpse-runs = { $words }図を小さく描くため、隣り合う { $run } 列を 1 列にまとめ、行ごとにそのうちの最大値を表示しています。こうすると大きな値（ピーク）が消えません。暗く見えるのは、まとめた値がすべて小さいところだけです。
arch-glimpse-picks = リアルタイム：最初のいくつかの位置で、モデルが 1 位にした{ -token }。✓ は目標の{ -token }と一致したもの。
arch-table = すべての{ -layer }のすべての箱と、その形
arch-table-stack = スタック
arch-table-layer = { -layer }
arch-table-box = 箱
arch-table-shape = 次に渡す形
arch-table-inside = 内部

## head: view 3, one query of one head opened up, stage by stage, and the β what-if.

head-title = 3 · 1 つの{ -head }の中をのぞく
head-intro = 1 つの{ -layer }の 1 つの{ -head }を、観察用の例文（または「翻訳」で入力した文）について開いて見せます。数値はすべてモデル自身のものです。数値にポインタを重ねると、その計算式が表示されます。
head-pick-kind = 種類
head-pick-layer = { -layer }
head-pick-head = { -head }
head-pick-query = { -query }
head-use-typed = 「翻訳」で入力した文を使う
head-waiting = モデルを待っています…

# The stages, in the order the head computes them (teach/head.rs, Stage::ORDER).
head-stage-query = { -query }の入力とその{ -projection }
head-stage-keys-values = すべての位置の{ -key }と{ -value }
head-stage-dots = q · k（内積）
head-stage-scale = ÷ √d_k（{ -scaling }）
head-stage-mask = { -mask }
head-stage-softmax = { -softmax }：{ -attention-weights }
head-stage-output = { -head }の出力：{ -value }の行の重み付き和
head-stage-concat = すべての{ -head }をまとめる：Concat({ -head }₁ … { -head }ₕ) · W^O + b^O
head-stage-what-if = もしも：{ -hard-attention }と{ -soft-attention }（β）

head-query-is = { -query }：
head-query-explain = x はこの位置のサブレイヤーへの入力（{ $d_model } 個の数）です。q = x · W^Q のうち、この{ -head }の { $d_k } 列を取り出します。
head-x-name = x（入力）
head-keys-values-explain = どの{ -key }の位置も同じように{ -projection }されます：K = x · W^K、V = x · W^V、1 行に { $d_k } 個の数です。{ -token }の後ろの小さな数字は位置で（{ -mask }や{ -positional-encoding }の図と同じく 0 から数えます）、3 と付いた行が式の中の k₃ です。
head-k-caption = K = x · W^K（行 = { -key }）
head-v-caption = V = x · W^V（行 = { -key }）
head-scores-heading = { -score }から重みへ（列 = { -key }）
head-name = { -head } { $head }
head-output-row = { -head } { $head } = 重み · V
head-concat-explain = { $heads } 個の{ -head }の出力（それぞれ { $d_k } 個の数）を横に並べると { $d_model } 個の数になります。W^O がそれを混ぜ合わせ、d_model 個の数からなる 1 つのベクトルに戻します。
head-concat-name = { -head }の連結
head-output-name = 出力 = 連結 · W^O + b^O
head-strip-label = { $what }：{ $low } から { $high } までの { $count } 個の数

# Hover formulas of the cells. $key is a key's name by position, such as k₃.
head-cell-q = q[{ $dim }] = (x · W^Q)[{ $dim }]（この{ -head }の列）= { $value }
head-cell-dot = q · { $key } = { $first } + …（{ $terms } 項）= { $value }
head-cell-hidden = { $key } は{ -mask }で隠されています：−∞ なので、重みはちょうど 0
head-cell-visible = { $key } は見えています：{ $score } のまま

head-beta = β（{ -inverse-temperature }）
head-entropy = この{ -query }の行の{ -entropy }：
head-bits = ビット
head-entropy-bits = { $value } ビット
head-beta-hint = あくまで「もしも」の計算です：モデルの{ -score } s を使った { -softmax }(β · s)。β = 1 がモデルそのもの、β = 0 では見えている{ -key }に重みが均等に分かれ、右端の β = ∞ ではいちばん{ -score }の高い{ -key }に重みがすべて集まります（{ -hard-attention }、argmax）。モデル自体は変わりません。
head-model-weights = { -softmax }(s)：モデル（β = 1）
head-what-if-weights = { -softmax }(β · s)、β = { $beta }
head-what-if-output = β = { $beta } のときの出力（もしも）
head-what-if-name = もしも
head-entropies = この β での、各{ -query }の行の{ -entropy }

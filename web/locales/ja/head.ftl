## head: view 3, one query of one head opened up, stage by stage, and the β what-if.

head-title = 3 · 1 つの{ -head }の中をのぞく
head-intro = 1 つの{ -layer }の 1 つの{ -head }を、観察用の例文（または「翻訳」で入力した文）について開いて見せます。数値はすべてモデル自身のものです。数値にポインタを重ねるかタップすると、その計算式が表示されます。
head-formula-tapped = この数値の計算：
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
head-query-explain = x はこの位置のサブレイヤーへの入力（{ $d_model } 個の数）です。q = x · W^Q + b^Q のうち、この{ -head }の { $d_k } 列を取り出します。モデルの{ -projection }にはどれもバイアス b が加わります（ここの式のとおり）。論文の式ではバイアスを省いています。
head-x-name = x（入力）
head-keys-values-explain = { $source ->
        [memory] { -cross-attention }では、{ -key }と{ -value }は{ -decoder }から来ません：K = m · W^K + b^K、V = m · W^V + b^V。m は{ -encoder }の出力（メモリ）で、ソースの{ -token }ごとに 1 行、1 行に { $d_k } 個の数です。{ -decoder }から来るのは{ -query }だけです。
       *[input] どの{ -key }の位置も同じように{ -projection }されます：K = x · W^K + b^K、V = x · W^V + b^V、1 行に { $d_k } 個の数です。
    }{ -token }の後ろの小さな数字は位置で（{ -mask }や{ -positional-encoding }の図と同じく 0 から数えます）、3 と付いた行が式の中の k₃ です。
head-k-caption = { $source ->
        [memory] K = m · W^K + b^K（行 = ソースの{ -token }）
       *[input] K = x · W^K + b^K（行 = { -key }）
    }
head-v-caption = { $source ->
        [memory] V = m · W^V + b^V（行 = ソースの{ -token }）
       *[input] V = x · W^V + b^V（行 = { -key }）
    }
head-scores-heading = { -score }から重みへ（列 = { -key }）
head-name = { -head } { $head }
head-output-row = { -head } { $head } = 重み · V
head-concat-explain = { $heads } 個の{ -head }の出力（それぞれ { $d_k } 個の数）を横に並べると { $d_model } 個の数になります。W^O がそれを混ぜ合わせ、d_model 個の数からなる 1 つのベクトルに戻します。
head-concat-name = { -head }の連結
head-output-name = 出力 = 連結 · W^O + b^O
head-strip-label = { $what }：{ $low } から { $high } までの { $count } 個の数

# Hover formulas of the cells. $key is a key's name by position, such as k₃.
head-cell-q = q[{ $dim }] = (x · W^Q + b^Q)[{ $dim }]（この{ -head }の列）= { $value }
head-cell-dot = q · { $key } = { $first } + …（{ $terms } 項）= { $value }
head-cell-hidden = { $key } は{ -mask }で隠されています：−∞ なので、重みはちょうど 0
head-cell-visible = { $key } は見えています：{ $score } のまま

head-beta = β（{ -inverse-temperature }）
head-entropy = この{ -query }の行の{ -entropy }：
head-bits = ビット
head-entropy-bits = { $value } ビット
head-beta-hint = あくまで「もしも」の計算です：モデルの{ -scaling }された{ -score } s = q · k / √d_k を使った { -softmax }(β · s)。β = 1 がモデルそのもの、β = 0 では見えている{ -key }に重みが均等に分かれ、右端の β = ∞ ではいちばん{ -score }の高い{ -key }に重みがすべて集まります（{ -hard-attention }、argmax）。モデル自体は変わりません。チュートリアル 004 は{ -scaling }しない内積に softmax_β(Kᵀq) を書き、β = 1/√d とします。004 の β はここの β ÷ √d_k です。つまりモデルの β = 1 は 004 の β = 1/√d_k で、ここで β = √d_k = { $sqrt_dk }（d_k = { $d_k }）にすると、{ -scaling }しない q · k の { -softmax } になります。
head-model-weights = { -softmax }(s)：モデル（β = 1）
head-what-if-weights = { -softmax }(β · s)、β = { $beta }
head-what-if-output = β = { $beta } のときの出力（もしも）
head-what-if-name = もしも
head-entropies = この β での、各{ -query }の行の{ -entropy }

# ÷ √d_k の理由（scaling-view、段階 ④ と一緒に表示）。
head-scaling-title = なぜ ÷ √d_k なのか
head-scaling-intro = q と k の各成分が独立で平均 0、分散 1 なら、q · k はそうした積 d_k 個の和で、分散は d_k になります（論文の脚注 4）。{ -head }の幅が広いほど{ -score }は大きくなります。論文（§3.2.1）は、{ -score }が大きいと{ -softmax }が勾配のごく小さい領域に押しやられると推測しています。そこでは重みのほとんどが 1 つの{ -key }に集まります。√d_k で割ると、どの幅でも分散は 1 に戻ります。下の行はランダムな q と k（{ $queries } 個の{ -query }、それぞれ { $keys } 個の{ -key }、固定の{ -seed }）で、最後の行はこの{ -head }自身の数です。
head-scaling-col-entropy = { -softmax }(q · k) の{ -entropy }（ビット）
head-scaling-col-entropy-scaled = { -softmax }(q · k / √d_k) の{ -entropy }（ビット）
head-scaling-col-top = 最大の重み、{ -softmax }(q · k)
head-scaling-col-top-scaled = 最大の重み、{ -softmax }(q · k / √d_k)
head-scaling-sampled = ランダム、d_k = { $d_k }
head-scaling-own = この{ -head }（d_k = { $d_k }）：すべての{ -query }の、見えているすべての{ -key }
head-scaling-own-note = 学習済みモデルの q と k は分散 1 ではないので、その Var(q · k) が d_k に等しいとは限りません。それでも割り算の効果は同じで、分散は d_k 分の 1 になり、重みはなだらかになります。

# 選んだクエリの重みが 1 つのキーに集まっているとき。
head-one-hot = この{ -query }は重みをすべて 1 つの{ -key }に置いています（{ -entropy } { $bits } ビット）。生の{ -score }が大きく離れているためで、トイタスクで学習したモデルはそれほど確信しています。そのためここでは{ -softmax }も β も目に見える変化を生みません。
head-spread = この{ -head }でいちばん重みの広がった{ -query }を見る（{ $bits } ビット）
head-all-sure = この{ -head }の{ -query }はどれも同じくらい確信しています。別の{ -head }・{ -layer }・種類か、学習の初期のモデルを試してください。

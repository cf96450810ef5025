## practice: predict, then reveal (views/practice). The answers come from lab_math on the live run.

practice-predict = 予想してみよう：
practice-answer-label = あなたの答え
practice-check = 答え合わせ
practice-waiting = モデルが読み込まれると問題が出ます。
practice-right = ✓ 正解です。
practice-wrong = ✗ 惜しい：答えは { $answer } です。
practice-revealed = 答え：{ $answer }。
practice-progress-label = 正解した問題：
practice-reset = 答えをリセット
practice-pe-zero = 位置 0 の次元 { $dim } で、PE(0) の値はいくつでしょう？
practice-pe-zero-why = 次元 { $dim } は奇数なので余弦が入り、cos(0) = { $answer } です。位置 0 では正弦はすべて 0、余弦はすべて 1 になります（チュートリアル 003、{ -positional-encoding }）。
practice-uniform-entropy = 注意マップの文に対する{ -encoder }の{ -self-attention }には { $keys } 個の{ -key }があり、すべて見えています。β = 0 のとき、{ -query }の重みの行は何ビットの{ -entropy }を持つでしょう？（小数第 2 位まで）
practice-uniform-entropy-why = β = 0 では { -softmax } が見えている{ -key }すべてに同じ重み 1/{ $keys } を与えます。{ $keys } 通りの一様分布の{ -entropy }は log₂ { $keys } = { $answer } ビットで、これが最大です（チュートリアル 004、β）。
practice-hidden-cells = { -decoder }は { $len } 個の位置を読みます。{ -causal-mask }で隠されるマスはいくつでしょう？
practice-hidden-cells-why = { -query } t は t より後の{ -key }を見られません。狭義の上三角で、{ $len } × ({ $len } − 1) / 2 = { $answer } マスです（§3.2.3）。
practice-noam-peak = { -warmup } = { $warmup } { -step }（d_model = { $d }）のとき、{ -learning-rate }が最大になるのは何{ -step }目でしょう？
practice-noam-peak-why = { -learning-rate }は { -step } · { -warmup }^−1.5 で上がり、{ -step }^−0.5 で下がります。2 つの枝は { -step } = { -warmup } = { $answer } で交わり、d_model や係数によりません（§5.3）。
practice-loss-floor = ε = { $eps }、出力側の{ -token }が { $vocab } 個のとき、完璧なモデルが到達できる最小の{ -loss }は{ -token }あたり何ナットでしょう？（小数第 2 位まで）
practice-loss-floor-why = 平滑化した目標は正解の{ -token }に 1 − ε、PAD 以外の他の{ -token }それぞれに ε/(V − 2) を置きます。その{ -entropy } H(q) = { $answer } ナットが下限で、予測が q に等しいときだけ到達します（ε は論文 §5.4 のもの、他の V − 2 個への分け方は { -annotated-transformer } のもの：チュートリアル 000）。
practice-crossover = d = { $d } のとき、文の長さ n がいくつまでなら、{ -self-attention }の層あたりの計算量は再帰層以下でしょう？
practice-crossover-why = { -self-attention }は n²·d、再帰層は n·d² かかり、n = d = { $answer } で等しくなります（§4、表 1）。
practice-pe-fastest = これらの次元のうち、位置 0 から位置 1 で値がいちばん大きく変わるのはどれでしょう？
practice-pe-fastest-why = 次元 { $answer } です。PE(pos, 2i) = sin(pos / { $base }^(2i/d_model)) なので、次元が上がるほど波長が長くなります。次元 0 は 1 位置で 1 ラジアン回り、最後の次元はほとんど動きません（§3.5）。
practice-cross-argmax = { -cross-attention }（第 1 層、{ -head } 1）で、「{ $target }」を予測する{ -query }がいちばん重みを置く原文の単語はどれでしょう？
practice-cross-argmax-why = { -cross-attention }マップの第 1 { -layer }・{ -head } 1 のその行は、「{ $answer }」に最大の重みを置いています。{ -query }は語順にかかわらず原文のどの位置にも重みを置けます。どの位置に最も重みを置くかは学習で決まり、別の{ -head }や{ -layer }は別の位置に置くことがあります（マップにすべて表示されています）。
practice-next-token-waiting = 上で文を翻訳すると、ここで次の{ -token }を予想できます。
practice-next-token = 上の{ $strategy ->
        [beam] { -beam-search }の最良の{ -hypothesis }
        [sample] { -sampling }
       *[greedy] { -greedy }
    }の{ -step } { $step } で、{ -decoder }は「{ $input }」を読みます。モデルが 1 位にする次の{ -token }はどれでしょう？
practice-next-token-why = 最後の位置の { -softmax } は「{ $answer }」に最も高い確率を置きます。{ -step } { $step } のリストの先頭です。
practice-score-argmax = { -softmax } の前に考えよう：上で開いた{ -head }で、{ -query } { $query }（「{ $token }」）からの重みがいちばん大きい{ -key }はどれでしょう？
practice-score-argmax-why = 見えている{ -key }の中で、{ -scaling }された{ -score } q·k/√d_k が最も高いのは「{ $answer }」です。{ -softmax } は順序を保つ（eˣ は x とともに増える）ので、β > 0 ならどんな値でも、最高の{ -score }が最大の重みを得ます。
practice-cache-saving = デコードの{ -step } { $step } で、{ -kv-cache }は積和演算を何回節約するでしょう？ここで d = d_model = { $d }、d_ff = { $dff }、L = { -decoder }の{ -layer }数 { $layers }、S = 原文の{ -token }数 { $src }（<eos> を含む）、V = 出力側の{ -vocabulary }の大きさ { $vocab } です。（1% 以内。式は{ -step }表示にあります）
practice-cache-saving-why = キャッシュなしでは、{ -step } { $step } ですべての{ -layer }を { $step } 個の位置すべてについてもう一度計算し、{ -cross-attention }のための原文の K と V も{ -projection }し直します。節約分のうち { $formula } = { $reprojected } 回がこれです。キャッシュありでは最新の位置だけを計算し、原文の K と V は{ -step } 1 で一度だけ{ -projection }します。差は { $answer } 回で、{ -step }ごとに増えていきます。
practice-same-vector = 注意マップの文の最初の単語を位置 { $pos } に動かしたら、第 1 層が読むベクトルは位置 0 のときと同じでしょうか？（この実行では{ -positional-encoding }が{ $pe ->
        [on] オン
       *[off] オフ
    }）
practice-same-vector-same = 同じベクトル
practice-same-vector-different = 違うベクトル
practice-same-vector-why = { $answer }。単語の{ -embedding } × √d_model はどの位置でも同じなので、位置を区別できるのは PE だけです。PE がなければ{ -attention }は単語の集合を見るだけで、語順は失われます。だから PE なしでは「逆順」タスクが解けません（学習の「{ -positional-encoding }」チェックボックス、比較）。
practice-option-at = { $token }（位置 { $position }）

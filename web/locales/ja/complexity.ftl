## complexity: view 10, Table 1 of the paper (app/complexity_view.rs).

complexity-title = 10 · なぜ{ -self-attention }か：{ -layer }ごとのコスト（表 1）
complexity-intro = 幅 d の { -token } が n 個あるとき、{ -self-attention }はすべての位置の組を比べます（n²·d）。再帰型の{ -layer }は n 個の状態それぞれに d × d 行列を順番に掛けます（n·d²、逐次{ -step }は n 回）。n < d の間は{ -self-attention }のほうが安く、どの 2 つの位置も 1 { -step }で結ばれます。
complexity-slider-n = n（系列長）
complexity-slider-d = d（d_model）
complexity-fixed = 固定：カーネル幅 k = { $k }、近傍 r = { $r }
complexity-model = このモデルの n と d
complexity-hint = 数は表の主要項で、O(·) が隠す定数は含みません。経路長は整数の層数で、膨張畳み込みは ⌈log_k n⌉、{ -restricted }は ⌈n/r⌉ です。{ -restricted }が計算を減らせるのは r < n のときだけです。
complexity-chart-label = 4 種類の{ -layer }について、{ -layer }ごとの積和演算数を系列長 n に対して描いた両対数グラフ（n = d の交点に印）
complexity-axis-n = 系列長 n（{ -token }数）
complexity-axis-ops = { -layer }ごとの積和演算数
complexity-mark-crossover = n = d = { $d }：{ -self-attention } = 再帰型
complexity-mark-chosen = 選んだ n = { $n }
complexity-mark-model = このモデル：n = { $n }（例文）、d = { $d }
complexity-mark-model-other-d = このモデルの例文：n = { $n }（d_model = { $d }）
complexity-at = n = { $n }、d = { $d }、k = { $k }、r = { $r } のとき
complexity-th-layer = { -layer }の種類
complexity-th-per-layer = { -complexity }
complexity-th-sequential = { -sequential-ops }
complexity-th-path = { -max-path }
complexity-th-ops-value = { -layer }ごとの積和演算数
complexity-th-sequential-value = { -sequential-ops }
complexity-th-path-value = 経路長（{ -layer }数）
complexity-layer-self-attention = { -self-attention }
complexity-layer-recurrent = 再帰型
complexity-layer-convolutional = 畳み込み
complexity-layer-restricted = { -restricted }

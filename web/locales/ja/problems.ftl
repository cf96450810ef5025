## problems: errors and verdicts from the worker, settings and files

problems-checkpoint = { -checkpoint }を読み込めませんでした（{ $why }）。
problems-checkpoint-kept = { -checkpoint }を読み込めませんでした（{ $why }）。今のモデルはそのまま使えます。
problems-checkpoint-too-short = ファイルは { $bytes } バイトしかなく、{ -checkpoint }としては短すぎます：途中で切れている可能性があります
problems-checkpoint-not-ours = このラボで保存した{ -checkpoint }ではありません
problems-checkpoint-version = このファイルは{ -checkpoint }形式のバージョン { $found } ですが、このラボが読めるのはバージョン { $oldest }～{ $newest } だけです
problems-checkpoint-damaged = ファイルが壊れています
problems-checkpoint-inconsistent = ファイルに書かれたモデルの構成、学習の設定、重みが互いに食い違っています
problems-checkpoint-too-large = ファイルかそこに書かれたモデルが、このラボで扱える大きさを超えています
problems-pretrained = 学習済みの「{ $task }」モデルを読み込めませんでした（{ $why }）。代わりに未学習のモデルから学習を始めます。
problems-no-model = まだモデルが読み込まれていません。学習済み{ -checkpoint }の読み込みを待つか、「リセット」を押して最初から学習してください。
problems-unreadable = ページと学習ワーカーの間でメッセージが読めませんでした（{ $why }）。ページを再読み込みしてください。
problems-crashed = 学習ワーカーが停止しました（{ $why }）。「ワーカーを再起動」を押すと新しいワーカーが起動します。
problems-diverged-loss = { -step } { $step } で学習が発散しました。{ -loss }が { $loss } まで上がり、開始時または一様な推測の値（{ $reference }）の { $factor } 倍を超えました。
problems-diverged-nan = { -step } { $step } で学習が発散しました。{ -loss }が NaN または無限大になり、重みがもう数値ではありません。
problems-diverged-cause = { -step } { $peak_step }（ピーク）の{ -learning-rate }は { $rate }（係数 { $lr_factor }）でした。{ -warmup }が短すぎるか、係数が大きすぎます。学習は一時停止中です。「リセット」を押すと、プリセットのスケジュール（係数 { $safe_factor }、{ -warmup } { $safe_warmup } { -step }）でやり直します。
problems-diverged-weights = { -step } { $step } で学習が発散しました。モデルの数値が NaN または無限大になりました。学習は一時停止中です。「リセット」でやり直せます。
problems-field-n-layers = { -layer }数
problems-field-n-heads = { -head }数
problems-field-batch-size = { -batch }サイズ
problems-field-warmup-steps = { -warmup }
problems-field-label-smoothing = { -label-smoothing }
problems-field-dropout = { -dropout }
problems-rule-between = { $name }は { $min } 以上 { $max } 以下にしてください（入力値 { $got }）。
problems-rule-even = d_model は偶数にしてください。{ -positional-encoding }は sin と cos を対にします（入力値 { $got }）。
problems-rule-divisible = d_model（{ $d_model }）は{ -head }数（{ $n_heads }）で割り切れる必要があります。各{ -head }は d_k = d_model / h 次元を受け持ちます。
problems-rule-at-least-one = { $name }は 1 以上にしてください。
problems-rule-warmup = { -warmup }は 1 { -step }以上にしてください。Noam スケジュールはこの値で割ります。
problems-rule-fraction = { $name }は 0 以上 1 未満にしてください（入力値 { $got }）。
problems-rule-factor = { -learning-rate }の係数は 0 より大きく { $max } 以下にしてください（入力値 { $got }）。
problems-rule-budget = このモデルのパラメータは { $count } 個になります。このラボで学習できるのは { $max } 個までです。
problems-rule-budget-huge = このモデルのパラメータは数えきれないほど多くなります。このラボで学習できるのは { $max } 個までです。
problems-rule-memory = 1 学習{ -step }にワーカー内で約 { $needed } のメモリが必要ですが、ブラウザのワーカーに割り当てられるのは最大 { $max } です。{ -batch }、d_model、d_ff を小さくするか層を減らせば収まります。
problems-rule-memory-huge = 1 学習{ -step }に数えきれないほどのメモリが必要です。ブラウザのワーカーに割り当てられるのは最大 { $max } です。
problems-rule-not-loaded = このタスクの文はまだ読み込まれていません。タスクをもう一度選ぶとダウンロードします。
problems-data = 「{ $task }」の文を読み込めませんでした（{ $why }）。今のモデルはそのまま使えます。

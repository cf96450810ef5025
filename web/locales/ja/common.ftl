## The page's frame: title, intro, toolbar, run bar, banners, shared names.

common-title = Attention Lab（{ -attention }ラボ）
common-language = 言語
common-language-unavailable = { $language }の表示用の文章を読み込めなかったため、この言語で表示しています。ネットワークが戻ったら、言語メニューでもう一度選んでください。（不具合報告用の技術的な詳細：{ $why }）
common-intro = 本物の{ -encoder }・{ -decoder }型 { -transformer }（Vaswani ほか, 2017）が、このブラウザの中（Web Worker）で学習します。下の図はすべて、モデル自身の数値から描かれています。
common-conventions = 表記の約束。
common-conventions-maps = 注意マップ：行 = { -query }、列 = { -key }。各行の和は 1 です。
common-conventions-tokens = { -token }：<bos> は{ -decoder }入力の先頭、<eos> はすべての文の終わり、<pad> は{ -batch }内の短い文を埋め、常に{ -mask }されます。
common-conventions-mask = { -mask }：true = 隠す（灰色の斜線）。{ -score }は { -softmax } の前に −∞ になり、重みはちょうど 0 になります。

common-task = タスク
common-task-copy = コピー
common-task-reverse = 逆順
common-task-en-ja = 英語 → 日本語
common-task-real-en-ja = 英語 → 日本語（実際の文）
common-task-real-en-zh = 英語 → 中国語（実際の文）
common-task-custom = 自分の文のペア
common-train = ▶ 学習
common-pause = ❚❚ 一時停止
common-step-button = 1 { -step }
common-reset = ⟲ リセット
common-reset-scratch = （最初から）
common-reset-tooltip = 重みを捨て、下の設定で最初から学習し直します
common-menu = その他
common-menu-tooltip = モデルの図の下にある残りの操作へ移動します：タスク、言語、発表モードと共有、{ -checkpoint }、保存した学習、自分の文のペア
common-step = { -step }
common-step-count = { -step } { $step }
common-loss = { -loss }
common-tokens-per-s = { $rate } { -token }/秒
common-cores = { $cores } コアで学習中
common-cores-tooltip = 各{ -step }の{ -batch }を二つに分け、このページの学習ワーカーが半分を、補助ワーカーがもう半分をマシンの二つ目のコアで計算します。勾配を足し合わせるので、結果は一つのコアで学習したときと同じで、速さだけが変わります。クリックや入力、スクロールをしている間は、ページがすぐ応答できるように、学習ワーカーが少しのあいだ両方の半分を単独で計算し、二つ目のコアをページに譲ります。
common-restart-worker = ワーカーを再起動
common-dismiss = 閉じる
common-model-origin = モデル：{ $task } · { $origin }
common-no-model = モデルはまだありません
common-origin-pretrained = 学習済み{ -checkpoint }
common-origin-scratch = 最初から
common-origin-restored = このブラウザから復元
common-origin-uploaded = アップロードした{ -checkpoint }
common-download = ⤓ { -checkpoint }をダウンロード
common-upload = ⤒ { -checkpoint }をアップロード
common-forget = 保存した学習を消去
common-forgotten = このタブの保存した学習を消去しました。再び学習しない限り、次の再読み込みでは学習済みモデルから始まります。
common-starting = 学習ワーカーを起動しています…
common-settings-refused = この設定では学習できないため、何も開始しませんでした：{ $problems }
common-diverged-press-reset = この学習は発散しました（{ -loss }が NaN または無限大になりました）。リセットを押して最初からやり直してください。

common-kind-encoder-self = { -encoder }の{ -self-attention }
common-kind-decoder-self = { -decoder }の{ -mask }付き{ -self-attention }
common-kind-cross = { -cross-attention }（{ -decoder } → { -encoder }）

common-copy-link = リンクをコピー
common-copy-link-tooltip = 今のページをそのまま開くリンク：言語、タスク、設定と{ -seed }、表示中の図、{ -head }、文
common-qr = QR コード
common-qr-tooltip = 今のページをそのまま開くリンクの QR コードを大きく表示します。教室で読み取れます
common-qr-label = 今のページをそのまま開くリンクの QR コード
common-qr-too-long = このリンクは長すぎて QR コードにできません。「リンクをコピー」を使ってください。
common-qr-close = 閉じる
common-copy-embed = 埋め込みコード
common-copy-embed-tooltip = 今見えている図だけを今の状態で表示する埋め込み枠のコード。スライドや授業ページに貼れます。その中でも学習できます
common-offline-available = オフラインで使えるもの：ラボ
common-offline-using-copy = オフライン（保存したコピーを使用中）：ラボ
common-offline-not-yet = まだオフラインでは使えません
common-offline-refused = ここではオフラインで使えません：https:// か localhost のアドレスと、それを許すブラウザが必要です
common-offline-tooltip = 一度開けば、ネットワークがなくてもラボが開きます：ページ、独習ガイド、これまでに開いたタスク（その学習済みモデルと文）
common-embed-copied = 埋め込みコードをコピーしました。スライドや授業ページに貼ってください。リンクに hide=settings,controls,questions を付けると、その部分を隠せます。
common-open-whole = ラボ全体を開く ↗
common-link-copied = リンクをコピーしました。開くとこの表示が復元されます。同じ{ -seed }で最初から学習すると、まったく同じ結果になります。
common-link-problems = リンクの一部の値は使えないため無視しました：{ $values }
common-worker-restarted = 学習ワーカーが停止しました。新しいワーカーを起動し、最後に保存した学習を復元します。（不具合報告用の技術的な詳細：{ $message }）
common-worker-crashed-restored = 学習ワーカーが停止したため、新しいワーカーを起動し、最後に保存した{ -step } { $step } の時点から学習を復元しました。（不具合報告用の技術的な詳細：{ $message }）
common-worker-unstartable = 学習ワーカーを起動できませんでした。ページを再読み込みしてもう一度お試しください。
common-worker-silent = 学習ワーカーが応答しなくなりました（{ $seconds } 秒間、何も返ってきませんでした）。新しいワーカーを起動し、最後に保存した学習を復元します。
common-worker-silent-restored = 学習ワーカーが { $seconds } 秒間応答しなかったため、新しいワーカーを起動し、最後に保存した{ -step } { $step } の時点から学習を復元しました。
common-worker-replaced-unsaved = 学習ワーカーが停止したため、新しいワーカーを起動しました。保存した学習を復元できなかったので、{ $origin ->
    [pretrained] 学習済みモデル
   *[scratch] 最初から始める新しいモデル
}を読み込みました（{ -step } { $step }）。
common-worker-silent-again = 学習ワーカーがまた応答しなくなりました。{ $minutes } 分以内に { $restarts } 回再起動したので、これ以上は自動で再起動しません。「ワーカーを再起動」を押すと、もう一度試せます（最後に保存した学習は残っています）。
common-building = パラメータ { $params } 個のモデルを構築しています。1 学習{ -step }に約 { $memory } のメモリと約 { $seconds } 秒が必要です。
common-step-running = { -step } { $step } を実行中：{ $elapsed } 秒経過（約 { $total } 秒）
common-step-running-unknown = { -step } { $step } を実行中：{ $elapsed } 秒経過
common-data-source = 文:
common-data-about = データについて
common-downloading-sentences = 「{ $task }」の文をダウンロード中: { $size }
common-downloading-model = 「{ $task }」の学習済みモデルをダウンロード中: { $size }
common-download-of = { $loaded } / { $total }
common-data-split = テキストが{ -token }になるまで: 英語は小文字にしてスペースで区切り、. , ? ! はそれぞれ 1 { -token }です。日本語はコーパスが辞書の語に分けたものを使います。中国語は 1 文字ずつ読み、1 文字が 1 { -token }です（日常の文章に使われる文字の種類は語の種類よりずっと少ないので、<unk> になるものが減ります）。句読点は 1 { -token }です。学習用の文に 2 回未満しか現れない語や文字は <unk> になります。

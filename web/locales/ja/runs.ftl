## runs
# このブラウザに保存した学習（ランバー）と{ -checkpoint }ファイル。

runs-name-label = 学習の名前
runs-name-placeholder = 例：{ -warmup } 400
runs-save-as = 名前を付けて保存
runs-save-as-tooltip = この学習のコピーを、この名前でこのブラウザに保存します。モデル、{ -optimizer }の状態、{ -step }数、設定、学習曲線を含みます。
runs-list-label = 保存した学習（{ $count }件）
runs-none = 一覧にする保存済みの学習はまだありません。名前を付けて保存した学習と、閉じたタブの学習がここに表示されます。
runs-item-details = { $task }、{ -step } { $step }、{ $size } MB
runs-restore = 復元
runs-restore-label = 学習「{ $name }」を復元
runs-delete = 削除
runs-delete-label = 学習「{ $name }」を削除
runs-saved-autosave = { -step } { $step } の時点でこのブラウザに保存しました。再読み込みすると復元されます。
runs-saved-named = { -step } { $step } の時点で「{ $name }」として保存しました。
runs-error-quota = ブラウザの保存領域がいっぱいのため、学習を保存できませんでした。前回の保存はそのまま残っています。保存した学習を削除するか、{ -checkpoint }をダウンロードして残してください。
runs-error-quota-named = ブラウザの保存領域がいっぱいのため、「{ $name }」を保存できませんでした。ほかは何も変わっていません。保存した学習を削除するか、代わりに{ -checkpoint }をダウンロードしてください。
runs-error-unavailable = このブラウザではここに保存できません。学習を残すには{ -checkpoint }をダウンロードしてください。（不具合報告用の技術的な詳細：{ $why }）
runs-error-unavailable-embedded = 埋め込まれたこの図は保存できません（ブラウザーが他サイト内の枠に保存を許していません）。学習はそのままできます。学習を残すには「ラボ全体を開く」を使ってください。
runs-error-not-found = 「{ $name }」という名前の学習はこのブラウザに保存されていません。
runs-error-unreadable-autosave = このブラウザに保存した学習を読み込めなかったため（{ $why }）、読み込みませんでした。
runs-error-unreadable-named = 保存した学習「{ $name }」を読み込めませんでした（{ $why }）。現在のモデルはそのまま使えます。
runs-problem-damaged = 保存されたデータが壊れています
runs-error-bad-name = 学習の名前は 1～{ $max } 文字にしてください。
runs-upload-too-large = ファイルは { $size } バイトです。このラボの{ -checkpoint }は最大 { $max } バイトなので、読み込みませんでした。現在のモデルはそのまま使えます。
runs-upload-unreadable = ファイル「{ $file }」を読み込めませんでした。現在のモデルはそのまま使えます。
runs-tab-title = 閉じたタブの学習
runs-start-this-tab = このタブの学習を{ -step } { $step } から再開できます。
runs-start-latest-tab = 新しいタブは、このブラウザで最後に保存された学習から始まります：別のタブの学習（{ $task }、{ -step } { $step }）。これ以降、このタブは自分の学習を保存します。
runs-start-latest-named = 新しいタブは、このブラウザで最後に保存された学習から始まります：「{ $name }」（{ $task }、{ -step } { $step }）。これ以降、このタブは自分の学習を保存します。
runs-start-pretrained = このタブは学習済みモデル（{ $task }）から始まります：始点となる保存済みの学習がありませんでした。
runs-tabs-note = タブごとに自分の学習を保存し、再読み込みすると復元されます。閉じたタブの学習はここに残ります（新しい順に { $count } 件まで）。ずっと残すには名前を付けて保存してください。
runs-error-not-found-tab = そのタブの学習はもうこのブラウザに保存されていません。

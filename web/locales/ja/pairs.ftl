pairs-title = 自分の文のペア
pairs-intro = 1 行に 1 ペア：原文、タブ、その訳。ここに貼り付けるか、タブ区切りのファイル（.tsv）を選んでください。{ -vocabulary }と分割を作り、新しいモデルを一から学習します。
pairs-split = テキストが{ -token }になるまで：小文字にしてスペースで区切ります。句読点（. , ? ! 。 、 ， ？ ！）はそれぞれ 1 { -token }です。漢字・かな・ハングルはスペースを入れずに書くので、1 文字が 1 { -token }です。学習用ペアのすべての語が{ -vocabulary }に入ります。
pairs-limits = 最大 { $size }、{ $lines } 行、1 文 { $words } { -token }まで。異なるペアが最低 { $min } 個必要です。その 1 割（最低 1 つ）を{ -held-out }データとして残し、見たことのない文でモデルを測ります。
pairs-saved = ペアはこのブラウザに実行と一緒に保存され、ダウンロードした{ -checkpoint }にも入ります。リンクには入りません。リンクを開いた人は自分のペアを貼り付けます。
pairs-file = またはファイル：
pairs-apply = このペアで学習
pairs-placeholder = I am a student.	私は学生です。
pairs-read = { $pairs } ペアを読み込みました{ $duplicates ->
    [0] {""}
   *[other] （重複した { $duplicates } 行は 1 つにまとめました）
}。新しいモデルを一から学習します：「学習」を押してください。
pairs-file-read = { $name } を読み込みました：「このペアで学習」を押してください。
pairs-link = リンクには文のペアを入れられません。「自分の文のペア」に貼り付けてください。
pairs-problem = 文のペアは使われませんでした：{ $problem } 今のモデルはそのまま使えます。
pairs-empty = ペアがありません。1 行に 1 ペア（原文、タブ、訳）を書いてください。
pairs-too-large = テキストが { $size } あります。最大 { $max } です。
pairs-not-text = UTF-8 のテキストではありません（バイナリファイルか、別のエンコーディングです）。
pairs-too-many-lines = { $lines } 行あります。最大 { $max } 行です。
pairs-no-tab = { $line } 行目の原文と訳の間にタブがありません。
pairs-too-many-columns = { $line } 行目にタブが 2 つ以上あります。原文、タブ、訳の形で書いてください。
pairs-empty-side = { $line } 行目の原文か訳が空です。
pairs-too-long = { $line } 行目の文は { $words } { -token }あります。モデルが読めるのは最大 { $max } です。
pairs-too-few = 異なるペアが { $pairs } 個しかありません。最低 { $min } 個必要です（そのうち 1 つを{ -held-out }データに残します）。

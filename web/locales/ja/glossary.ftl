# Glossary (日本語): each technical term once, as the tutorials in this
# language write it (docs/tutorial-map.md, "Terms as the tutorials write them").
# Messages refer to these terms ({ -query }) instead of spelling them again.
# A term that differs from the tutorials says why in a `# kept:` line directly
# above it; web/src/i18n/terms.rs checks this against the map, and
# web/src/i18n/bypass.rs that ja, zh-Hans and zh-Hant messages do not spell a term out.

-attention = 注意機構
# kept: 002 writes the English Attention Weight; 注意の重み is its Japanese, so the sentences stay Japanese
-attention-weights = 注意の重み
-score = スコア
-scaling = スケーリング
-query = クエリ
-key = キー
-value = バリュー
-projection = 線形変換
-multi-head = マルチヘッド注意機構
-head = ヘッド
-self-attention = 自己注意
# kept: the tutorials disagree (000 エンコーダ出力への注意, 004 the English Cross-attention); 000's is Japanese and says where K and V come from
-cross-attention = エンコーダ出力への注意
-mask = マスク
-causal-mask = 未来情報の遮蔽
# kept: the ja tutorials name it only in code (002's _pad_mask; 000's comment on src_mask, 入力系列のマスク); パディングマスク is the katakana of 002's name
-padding-mask = パディングマスク
-positional-encoding = 位置エンコーディング
-embedding = 埋め込み
# kept: the ja tutorials write it only in English (004 residual connection, 002 Add & Norm); 残差接続 is the usual Japanese term
-residual = 残差接続
-layer-norm = LayerNorm
-pre-norm = Pre-Norm
-post-norm = Post-Norm
-ffn = フィードフォワード層
-encoder = エンコーダ
-decoder = デコーダ
-label-smoothing = ラベル平滑化
-kl = KL ダイバージェンス
-learning-rate = 学習率
# kept: 000 writes only the code identifier warmup_steps; ウォームアップ is its katakana
-warmup = ウォームアップ
-optimizer = 最適化器
-dropout = Dropout
-greedy = 貪欲デコーディング
-beam-search = ビームサーチ
-length-penalty = 長さペナルティ
-hypothesis = 仮説
-hypotheses = 仮説
-sampling = サンプリング
-temperature = 温度
-top-k = top-k
-top-p = top-p
-kv-cache = KV キャッシュ
# kept: 002's Bleuスコア, with the metric's name in capitals as the paper writes it
-bleu = BLEU スコア
-exact-match = 完全一致
-loss = 損失
-token = トークン
-vocabulary = 語彙
-softmax = softmax
-transformer = Transformer
# A title (Harvard NLP's annotated code of the paper), kept as it is written.
-annotated-transformer = Annotated Transformer
-entropy = エントロピー
-cross-entropy = 交差エントロピー
-inverse-temperature = 逆温度パラメータ
-hard-attention = ハードattention
-soft-attention = ソフトattention
-complexity = 層ごとの計算量
-sequential-ops = 逐次演算数
-max-path = 最大経路長
-restricted = 制限付き自己注意
-checkpoint = チェックポイント
-held-out = 評価用
-seed = シード
-batch = バッチ
-layer = 層
-step = ステップ
-teacher-forcing = 教師強制

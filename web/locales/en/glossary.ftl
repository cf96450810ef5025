# Glossary (English): each technical term once, as the tutorials in this
# language write it (docs/tutorial-map.md, "Terms as the tutorials write them").
# Messages refer to these terms ({ -query }) instead of spelling them again.
# A term that differs from the tutorials says why in a `# kept:` line directly
# above it; web/src/i18n/terms.rs checks this against the map, and
# web/src/i18n/bypass.rs that ja, zh-Hans and zh-Hant messages do not spell a term out.

-attention = attention
-attention-weights = attention weights
-score = score
-scaling = scaling
-query = query
-key = key
-value = value
-projection = projection
-multi-head = multi-head attention
-head = head
-self-attention = self-attention
-cross-attention = cross-attention
-mask = mask
-causal-mask = causal mask
-padding-mask = padding mask
-positional-encoding = positional encoding
-embedding = embedding
-residual = residual connection
-layer-norm = LayerNorm
-pre-norm = pre-norm
-post-norm = post-norm
-ffn = feed-forward network
-encoder = encoder
-decoder = decoder
-label-smoothing = label smoothing
-kl = KL divergence
-learning-rate = learning rate
-warmup = warm-up
-optimizer = optimizer
-dropout = dropout
-greedy = greedy decoding
-beam-search = beam search
-length-penalty = length penalty
-hypothesis = hypothesis
-hypotheses = hypotheses
-sampling = sampling
-temperature = temperature
-top-k = top-k
-top-p = top-p
-kv-cache = KV cache
-bleu = BLEU
-exact-match = exact match
-loss = loss
-token = token
-vocabulary = vocabulary
-softmax = softmax
-transformer = Transformer
# A title (Harvard NLP's annotated code of the paper), kept as it is written.
-annotated-transformer = Annotated Transformer
-entropy = entropy
-cross-entropy = cross-entropy
-inverse-temperature = inverse temperature
-hard-attention = hard attention
-soft-attention = soft attention
-complexity = complexity per layer
-sequential-ops = sequential operations
-max-path = maximum path length
-restricted = restricted self-attention
-checkpoint = checkpoint
-held-out = held-out
-seed = seed
-batch = batch
-layer = layer
-step = step
-teacher-forcing = teacher forcing

## translate: view 9, type a sentence, decode it greedily and step through the decoding.

translate-title = 9 · Translate, step by step
translate-intro = Type a sentence in the task's source language. The model decodes greedily, one token at a time (argmax), until it emits <eos>.
translate-input-label = Sentence to translate
translate-button = Translate
translate-examples = Held-out examples:
translate-empty = Type a sentence above (it is empty).
translate-too-long = Too long: { $words } words, at most { $max }.
translate-too-long-banner = That sentence has { $words } words; this model reads at most { $max }. Shorten it.
translate-unknown-highlighted = Unknown words are highlighted:
translate-unknown-banner = { $count ->
        [one] Unknown word
       *[other] Unknown words
    }: { $list }. The model only knows the { $size } words of this task's vocabulary; try one of the example sentences.
translate-longer-than-trained = This task's sentences have at most { $longest } words; the model has never seen a longer one, so expect mistakes.
translate-output = Output:
translate-whole-attention = Cross-attention of the whole decode (rows = each step's query, labelled input → chosen token; columns = source keys)

# The step-through of greedy decoding (app/decode_view.rs, teach/decode.rs).
translate-decode-title = Greedy decoding, step by step
translate-previous = ◀ previous
translate-next = next ▶
translate-keep-cache = keep a KV cache
translate-decode-waiting = Translate a sentence above to step through its decoding.
translate-attention-waiting = Translate a sentence above to see where each output { -token } looked in the source.
translate-decoder-input = Decoder input:
translate-chooses = → chooses
translate-top-k = Top 5 next tokens (softmax of the last position)
translate-kv-cache = KV cache
translate-cache-kept = After this step each layer keeps K and V for { $count ->
        [one] { $count } position
       *[other] { $count } positions
    }:
translate-cache-note = Only the newest position was computed; the source's K and V for cross-attention were computed once, at step 1.
translate-no-cache = No cache: every step runs all layers over all positions again, and projects the source's K and V again.
translate-ops-cached = Multiply-adds of this step, with the KV cache:
translate-ops-recompute = Multiply-adds of this step, without a cache (the whole prefix again):
translate-ops-check-cached = (counted by the model; the formula gives { $formula }). Without the cache: { $other }.
translate-ops-check-recompute = (counted by the model; the formula gives { $formula }). With the cache: { $other }.
translate-formula-without = without cache:
translate-formula-with = with cache:
translate-formula-legend = t = step, d = d_model, S = source tokens, V = target words, L = layers. Matrix products only.
translate-cross-row = Cross-attention of step { $step } (rows = layer · head, columns = source keys)
translate-self-row = Masked self-attention of step { $step } (columns = the decoder inputs so far)
translate-weight = softmax weight
translate-layer-head = layer { $layer } · head { $head }
translate-unknown-as-unk = Not in the vocabulary, so read as <unk> (a word seen fewer than twice in training):
translate-formula-first-step = (plus { $extra } once, at step 1)

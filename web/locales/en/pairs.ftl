pairs-title = Your own sentence pairs
pairs-intro = One pair per line: the source sentence, a TAB, its translation. Paste them here or choose a tab-separated file (.tsv). The lab builds the vocabularies and the split, and trains a new model from scratch.
pairs-split = How text becomes { -token }s: it is lower-cased and split at spaces; each punctuation mark (. , ? ! 。 、 ， ？ ！) is a { -token }, and so is each Chinese character, kana or hangul syllable, since those languages write no spaces. Every word of the training pairs is in the vocabulary.
pairs-limits = At most { $size }, { $lines } lines and { $words } { -token }s a sentence; at least { $min } different pairs. A tenth of them (at least one) is { -held-out }, to measure the model on sentences it never saw.
pairs-saved = Your pairs are saved with the run in this browser and in a downloaded checkpoint. A link cannot carry them: whoever opens it pastes their own.
pairs-file = Or a file:
pairs-apply = Train on these pairs
pairs-placeholder = I am a student.	私は学生です。
pairs-read = Read { $pairs } pairs{ $duplicates ->
    [0] {""}
    [one] {" "}(one repeated line kept once)
   *[other] {" "}({ $duplicates } repeated lines kept once)
}. A new model trains on them from scratch: press Train.
pairs-file-read = Read { $name }: press "Train on these pairs".
pairs-link = A link cannot carry sentence pairs: paste yours under "Your own sentence pairs".
pairs-problem = Your sentence pairs were not used: { $problem } The current model keeps working.
pairs-empty = there are no pairs. Write one pair per line: source, TAB, target.
pairs-too-large = the text is { $size }; at most { $max }.
pairs-not-text = this is not UTF-8 text (a binary file, or another encoding).
pairs-too-many-lines = there are { $lines } lines; at most { $max }.
pairs-no-tab = line { $line } has no TAB between the source and the target.
pairs-too-many-columns = line { $line } has more than one TAB; write source, TAB, target.
pairs-empty-side = line { $line } has an empty source or target.
pairs-too-long = line { $line } has a sentence of { $words } { -token }s; the model reads at most { $max }.
pairs-too-few = { $pairs ->
    [one] there is one different pair
   *[other] there are { $pairs } different pairs
}; the lab needs at least { $min }, one of them { -held-out }.

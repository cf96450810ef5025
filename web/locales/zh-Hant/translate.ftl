## translate

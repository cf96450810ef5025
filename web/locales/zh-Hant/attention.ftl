## attention

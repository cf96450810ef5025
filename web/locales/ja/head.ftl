## head

#ifndef CSHA256_H
#define CSHA256_H
#include <stddef.h>
#include <stdint.h>

/* 1 when this CPU has the x86 SHA extensions (and SSE4.1), which csha256_blocks needs. */
int csha256_available(void);

/* SHA-256 compression of `blocks` consecutive 64-byte blocks into `state` (h0…h7), with the
   x86 SHA extensions. Call only when csha256_available() says 1. */
void csha256_blocks(uint32_t state[8], const uint8_t *data, size_t blocks);

#endif

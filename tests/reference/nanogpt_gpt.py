# Reference numbers for tests/cpp/training/test_model.cpp ("§9 ... nanoGPT's logits and loss"):
# nanoGPT's GPT (model.py: CausalSelfAttention, MLP, Block, GPT with weight tying), written out
# again here module by module in float64, dropout 0. Not part of npm test: run it by hand with
# Debian's python3-torch (apt install python3-torch; /usr/bin/python3 tests/reference/nanogpt_gpt.py)
# after changing the model, and paste what it prints into the test.
#
# Weights are the test's: w(i, j, seed) = sin(seed + 0.7 i + 1.3 j) / 2 in our [in, out] layout,
# biases cos(seed + 0.9 i) / 4, gammas 1 + cos(seed + 0.9 i) / 4, each rounded to float32 (the
# trainable model stores float32). nn.Linear stores [out, in], so it gets the transposes.
import math, torch
import torch.nn.functional as F
torch.set_default_dtype(torch.float64)

# GPTConfig
vocab_size, block_size, n_layer, n_head, n_embd = 7, 6, 2, 2, 8
C, hs = n_embd, n_embd // n_head
def f32(t): return t.float().double()
def w(r, c, seed): return f32(torch.tensor([[math.sin(seed + 0.7 * i + 1.3 * j) / 2 for j in range(c)] for i in range(r)]))
def v(n, seed): return f32(torch.tensor([math.cos(seed + 0.9 * i) / 4 for i in range(n)]))

def layer_norm(x, seed, bias):  # nanoGPT's LayerNorm: weight always, bias only with bias=True
    return F.layer_norm(x, (C,), f32(1 + v(C, seed)), v(C, seed + 50) if bias else None, 1e-5)

def linear(x, r, c, seed, bias):  # x @ W + b with W [in, out], i.e. nn.Linear with weight W.T
    return F.linear(x, w(r, c, seed).T, v(c, seed + 1) if bias else None)

def causal_self_attention(x, l, bias):
    B, T, _ = x.size()
    q, k, v_ = linear(x, C, 3 * C, 100 * l + 10, bias).split(n_embd, dim=2)
    k = k.view(B, T, n_head, hs).transpose(1, 2)  # (B, nh, T, hs)
    q = q.view(B, T, n_head, hs).transpose(1, 2)
    v_ = v_.view(B, T, n_head, hs).transpose(1, 2)
    att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))
    att = att.masked_fill(torch.tril(torch.ones(T, T)) == 0, float('-inf'))
    att = F.softmax(att, dim=-1)
    y = (att @ v_).transpose(1, 2).contiguous().view(B, T, C)
    return linear(y, C, C, 100 * l + 20, bias)

def mlp(x, l, bias):
    return linear(F.gelu(linear(x, C, 4 * C, 100 * l + 30, bias)), 4 * C, C, 100 * l + 40, bias)

def gpt(idx, targets, bias):
    B, T = idx.size()
    wte, wpe = w(vocab_size, C, 1), w(block_size, C, 2)
    x = wte[idx] + wpe[torch.arange(T)]
    for l in range(n_layer):
        x = x + causal_self_attention(layer_norm(x, 100 * l + 60, bias), l, bias)
        x = x + mlp(layer_norm(x, 100 * l + 70, bias), l, bias)
    logits = layer_norm(x, 900, bias) @ wte.T  # lm_head tied to wte
    loss = F.cross_entropy(logits.view(-1, vocab_size), targets.view(-1), ignore_index=-1)
    return logits, loss

batch = torch.tensor([[1, 4, 2, 6, 0, 3], [5, 5, 1, 0, 2, 4]])
for bias in (True, False):
    logits, loss = gpt(batch[:, :-1].contiguous(), batch[:, 1:].contiguous(), bias)
    print('bias', bias, 'loss', repr(float(loss)))
    print('logits[0]', [round(float(t), 15) for t in logits[0].flatten()])

# Issue 14, item 2, checked by hand (not part of npm test, which must not need PyTorch): a model
# trained by the lab and written by model.exportSafetensors() loads into nanoGPT's GPT with
# load_state_dict(strict=True) and gives the loss the lab gives. Run after
#   node tests/reference/nanogpt_roundtrip.mjs DIR      (writes DIR/model.safetensors, DIR/batch.json)
#   /usr/bin/python3 tests/reference/nanogpt_roundtrip.py DIR
# The modules below are nanoGPT's model.py arrangement, written again here with its module names
# (transformer.wte / wpe / h.N.ln_1 / attn.c_attn / attn.c_proj / ln_2 / mlp.c_fc / mlp.c_proj /
# ln_f, lm_head tied to wte), PyTorch 2's path without the causal-mask buffer, dropout 0.
import json, math, struct, sys
import torch
import torch.nn as nn
import torch.nn.functional as F

def read_safetensors(path):  # the format: u64 header length, JSON header, little-endian data
    raw = open(path, 'rb').read()
    n = struct.unpack('<Q', raw[:8])[0]
    header = json.loads(raw[8:8 + n])
    meta = header.pop('__metadata__', {})
    data = raw[8 + n:]
    out = {}
    for name, t in header.items():
        assert t['dtype'] == 'F32', t['dtype']
        b, e = t['data_offsets']
        out[name] = torch.frombuffer(bytearray(data[b:e]), dtype=torch.float32).reshape(t['shape'])
    return out, meta

class LayerNorm(nn.Module):
    def __init__(self, n, bias):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(n))
        self.bias = nn.Parameter(torch.zeros(n)) if bias else None
    def forward(self, x):
        return F.layer_norm(x, self.weight.shape, self.weight, self.bias, 1e-5)

class CausalSelfAttention(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.c_attn = nn.Linear(c['n_embd'], 3 * c['n_embd'], bias=c['bias'])
        self.c_proj = nn.Linear(c['n_embd'], c['n_embd'], bias=c['bias'])
        self.n_head, self.n_embd = c['n_head'], c['n_embd']
    def forward(self, x):
        B, T, C = x.size()
        q, k, v = self.c_attn(x).split(self.n_embd, dim=2)
        q, k, v = (t.view(B, T, self.n_head, C // self.n_head).transpose(1, 2) for t in (q, k, v))
        att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))
        att = att.masked_fill(torch.tril(torch.ones(T, T)) == 0, float('-inf')).softmax(dim=-1)
        return self.c_proj((att @ v).transpose(1, 2).contiguous().view(B, T, C))

class MLP(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.c_fc = nn.Linear(c['n_embd'], 4 * c['n_embd'], bias=c['bias'])
        self.c_proj = nn.Linear(4 * c['n_embd'], c['n_embd'], bias=c['bias'])
    def forward(self, x):
        return self.c_proj(F.gelu(self.c_fc(x)))

class Block(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.ln_1, self.attn = LayerNorm(c['n_embd'], c['bias']), CausalSelfAttention(c)
        self.ln_2, self.mlp = LayerNorm(c['n_embd'], c['bias']), MLP(c)
    def forward(self, x):
        x = x + self.attn(self.ln_1(x))
        return x + self.mlp(self.ln_2(x))

class GPT(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.transformer = nn.ModuleDict(dict(
            wte=nn.Embedding(c['vocab_size'], c['n_embd']), wpe=nn.Embedding(c['block_size'], c['n_embd']),
            h=nn.ModuleList([Block(c) for _ in range(c['n_layer'])]), ln_f=LayerNorm(c['n_embd'], c['bias'])))
        self.lm_head = nn.Linear(c['n_embd'], c['vocab_size'], bias=False)
        self.transformer.wte.weight = self.lm_head.weight  # weight tying, as nanoGPT ties them
    def forward(self, idx, targets):
        t = idx.size(1)
        x = self.transformer.wte(idx) + self.transformer.wpe(torch.arange(t))
        for block in self.transformer.h: x = block(x)
        logits = self.lm_head(self.transformer.ln_f(x))
        if targets is None:
            return logits
        return F.cross_entropy(logits.view(-1, logits.size(-1)), targets.view(-1))

folder = sys.argv[1]
sd, meta = read_safetensors(f'{folder}/model.safetensors')
config = {k: (v == 'True') if k == 'bias' else (float(v) if k == 'dropout' else int(v)) for k, v in meta.items()}
model = GPT(config)
result = model.load_state_dict(sd, strict=True)
batch = torch.tensor(json.load(open(f'{folder}/batch.json')))
with torch.no_grad():
    loss = model(batch[:, :-1].contiguous(), batch[:, 1:].contiguous()).item()
    probs = F.softmax(model(batch[:1, :-1].contiguous(), None)[0], dim=-1)
lab = json.load(open(f'{folder}/expected.json'))
expected = lab['loss']
# every next-token probability of the first sequence, relative to the larger of the two (a
# probability below 1e-6 is compared absolutely: its relative error says nothing in float32)
theirs, ours = probs.double(), torch.tensor(lab['probs'], dtype=torch.float64)
worst = ((theirs - ours).abs() / torch.maximum(theirs.abs(), ours.abs()).clamp(min=1e-6)).max().item()
print(f'GPTConfig {config}; load_state_dict strict: {result}')
print(f'nanoGPT loss {loss!r}, the lab\'s {expected!r}, difference {abs(loss - expected):.3g}')
print(f'probabilities of {ours.shape[0]} positions x {ours.shape[1]} tokens: largest relative difference {worst:.3g}')
sys.exit(0 if abs(loss - expected) < 1e-5 and worst < 1e-5 else 1)

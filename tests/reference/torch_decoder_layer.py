# Reference numbers for tests/cpp/layers/test_decoder.cpp from PyTorch's nn.TransformerDecoderLayer
# (dropout 0, float64). Not part of npm test: run it by hand with Debian's python3-torch
# (apt install python3-torch; /usr/bin/python3 tests/reference/torch_decoder_layer.py) after
# changing the layer, and paste what it prints into the test. Weights are w(i, j, seed) = sin(seed + 0.7 i + 1.3 j) / 2, our [in, out]
# layout; PyTorch stores [out, in], so it gets the transposes.
import math, torch
torch.set_default_dtype(torch.float64)
B, Tdec, Tenc, D, H, F = 2, 3, 4, 4, 2, 8
def w(r, c, seed): return torch.tensor([[math.sin(seed + 0.7 * i + 1.3 * j) / 2 for j in range(c)] for i in range(r)])
def v(n, seed): return torch.tensor([math.cos(seed + 0.9 * i) / 4 for i in range(n)])
x = w(B * Tdec, D, 1).reshape(B, Tdec, D) * 2
mem = w(B * Tenc, D, 2).reshape(B, Tenc, D) * 2
for norm_first in (False, True):
    layer = torch.nn.TransformerDecoderLayer(D, H, F, dropout=0.0, activation='relu', batch_first=True, norm_first=norm_first)
    with torch.no_grad():
        sa, ca = layer.self_attn, layer.multihead_attn
        sa.in_proj_weight.copy_(torch.cat([w(D, D, 10), w(D, D, 11), w(D, D, 12)], 1).T)
        sa.in_proj_bias.copy_(torch.cat([v(D, 13), v(D, 14), v(D, 15)]))
        sa.out_proj.weight.copy_(w(D, D, 16).T); sa.out_proj.bias.copy_(v(D, 17))
        ca.in_proj_weight.copy_(torch.cat([w(D, D, 20), w(D, D, 21), w(D, D, 22)], 1).T)
        ca.in_proj_bias.copy_(torch.cat([v(D, 23), v(D, 24), v(D, 25)]))
        ca.out_proj.weight.copy_(w(D, D, 26).T); ca.out_proj.bias.copy_(v(D, 27))
        layer.linear1.weight.copy_(w(D, F, 30).T); layer.linear1.bias.copy_(v(F, 31))
        layer.linear2.weight.copy_(w(F, D, 32).T); layer.linear2.bias.copy_(v(D, 33))
        for k, n in enumerate([layer.norm1, layer.norm2, layer.norm3]):
            n.weight.copy_(1 + v(D, 40 + k)); n.bias.copy_(v(D, 50 + k))
        layer.eval()
        mask = torch.triu(torch.full((Tdec, Tdec), float('-inf')), 1)
        y = layer(x, mem, tgt_mask=mask)
        print('norm_first' if norm_first else 'post', [round(float(t), 15) for t in y.flatten()])

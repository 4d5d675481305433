#!/usr/bin/env python3
"""Draws the example scenes' images (examples/images/*.png): icons with transparent
backgrounds for examples/icon-toolbar/scene.json and product photos for examples/product-grid/scene.json.
Standard library only; every pixel is computed here. Run from the repository root."""
import math
import struct
import zlib

SUPERSAMPLE = 4


def write_png(path, width, height, pixel):
    """pixel(x, y) -> (r, g, b, a) in 0..255, sampled at 4x4 points per pixel and averaged."""
    rows = bytearray()
    for y in range(height):
        rows.append(0)
        for x in range(width):
            total = [0, 0, 0, 0]
            for sy in range(SUPERSAMPLE):
                for sx in range(SUPERSAMPLE):
                    r, g, b, a = pixel(x + (sx + 0.5) / SUPERSAMPLE, y + (sy + 0.5) / SUPERSAMPLE)
                    total[0] += r * a
                    total[1] += g * a
                    total[2] += b * a
                    total[3] += a
            n = SUPERSAMPLE * SUPERSAMPLE
            alpha = total[3] / n
            if alpha == 0:
                rows += bytes(4)
            else:
                rows += bytes([round(total[0] / total[3]), round(total[1] / total[3]), round(total[2] / total[3]), round(alpha)])

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + chunk(b"IEND", b"")
    with open(path, "wb") as f:
        f.write(data)


CLEAR = (0, 0, 0, 0)


def star(x, y):
    cx, cy = x - 24, y - 25
    angle = math.atan2(cy, cx)
    radius = math.hypot(cx, cy)
    # Five points: the edge radius swings between 9 and 22.
    edge = 9 + 13 * (0.5 + 0.5 * math.cos(5 * (angle + math.pi / 2))) ** 2
    return (255, 184, 0, 255) if radius < edge else CLEAR


def heart(x, y):
    u, v = (x - 24) / 19, (26 - y) / 19
    inside = (u * u + v * v - 1) ** 3 - u * u * v ** 3 < 0
    return (235, 52, 80, 255) if inside else CLEAR


def ring(x, y):
    r = math.hypot(x - 24, y - 24)
    return (40, 120, 230, 255) if 11 < r < 21 else CLEAR


def bolt(x, y):
    polygon = [(28, 3), (9, 28), (22, 28), (18, 45), (39, 18), (26, 18), (30, 3)]
    inside = False
    j = len(polygon) - 1
    for i in range(len(polygon)):
        xi, yi = polygon[i]
        xj, yj = polygon[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return (120, 70, 220, 255) if inside else CLEAR


def photo(background, top, bottom, shape):
    """A product photo: a vertical gradient, a soft floor shadow and an object."""
    def pixel(x, y):
        t = y / 160
        r, g, b = (round(top[i] * (1 - t) + bottom[i] * t) for i in range(3))
        shadow = math.hypot((x - 80) / 46, (y - 132) / 9)
        if shadow < 1:
            k = 0.75 + 0.25 * shadow
            r, g, b = round(r * k), round(g * k), round(b * k)
        color = shape(x, y)
        return color if color else (r, g, b, 255)
    return pixel


def pear(x, y):
    u, v = x - 80, y - 88
    body = math.hypot(u / 34, (v - 12) / 36) < 1 or math.hypot(u / 22, (v + 26) / 24) < 1
    if body:
        shade = max(0.6, 1 - (u + 20) ** 2 / 5000)
        return (round(160 * shade), round(200 * shade), round(60 * shade), 255)
    if abs(u - 2) < 2.5 and -62 < v < -46:
        return (110, 70, 30, 255)
    return None


def cup(x, y):
    u, v = x - 72, y - 90
    if abs(u) < 32 and -30 < v < 36:
        shade = 1 - abs(u) / 90
        return (round(245 * shade), round(245 * shade), round(240 * shade), 255)
    handle = math.hypot(x - 108, y - 90)
    if 9 < handle < 17 and x > 104:
        return (230, 230, 225, 255)
    return None


def lamp(x, y):
    u, v = x - 80, y - 80
    if -55 < v < -15 and abs(u) < 18 + (v + 55) * 0.55:
        return (250, 200, 90, 255)
    if abs(u) < 3 and -15 <= v < 44:
        return (60, 60, 70, 255)
    if abs(u) < 26 and 44 <= v < 52:
        return (60, 60, 70, 255)
    return None


def main():
    for name, shape in [("star", star), ("heart", heart), ("ring", ring), ("bolt", bolt)]:
        write_png(f"examples/images/{name}.png", 48, 48, shape)
    write_png("examples/images/pear.png", 160, 160, photo(None, (236, 240, 228), (200, 210, 190), pear))
    # Committed as cup.jpg: this PNG encoded by libjpeg at quality 88 (then removed).
    write_png("examples/images/cup.png", 160, 160, photo(None, (230, 226, 240), (190, 186, 210), cup))
    write_png("examples/images/lamp.png", 160, 160, photo(None, (44, 48, 64), (24, 26, 36), lamp))


if __name__ == "__main__":
    main()

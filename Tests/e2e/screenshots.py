"""Photographs a page in headless Chromium (Debian's `chromium`, installed by `scripts/setup --test`) and reads
the PNG it writes, for the tests that check what a reader sees."""
import pathlib
import shutil
import struct
import subprocess
import zlib


def chromium_screenshot(page: pathlib.Path, output: pathlib.Path, width: int, height: int) -> pathlib.Path:
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    assert browser, "chromium is installed by scripts/setup --test"
    output.unlink(missing_ok=True)
    # --no-sandbox: containers and root shells have no user namespaces for Chromium's sandbox; the page is our
    # own and script-free.
    result = subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                             f"--window-size={width},{height}", f"--screenshot={output}", page.as_uri()],
                            capture_output=True, text=True, timeout=180)
    assert output.exists(), result.stderr[-2000:]
    return output


def png_image(path: pathlib.Path) -> tuple[int, int, int, int, bytes]:
    """Width, height, bit depth, colour type and the image data (still filtered, row by row) of a PNG."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height, depth, colour_type = struct.unpack(">IIBB", data[16:26])
    chunks, position = b"", 8
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        if kind == b"IDAT":
            chunks += data[position + 8:position + 8 + length]
        position += 12 + length
    return width, height, depth, colour_type, zlib.decompress(chunks)

"""Headless Chromium for the oracle scripts (a11y-check, style-check): Debian's chromium and
chromium-driver through Selenium, the driver path given and SE_AVOID_STATS=true, every host
resolving to nothing, so nothing reaches for the network. Installs what is missing."""
import json, os, shutil, subprocess, sys
import xml.etree.ElementTree as ET
from urllib.parse import unquote

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

def ensure_tools(extra_pip=()):
    if not shutil.which("chromedriver") or not shutil.which("chromium"):
        subprocess.run([os.path.join(root, "scripts", "install-deps"), "chromium", "chromium-driver"], check=True)
    try:
        import selenium  # noqa: F401
    except ImportError:
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", "selenium"], check=True)
    for module, package in extra_pip:
        try:
            __import__(module)
        except ImportError:
            subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", package], check=True)

# Appended to a user style sheet given to Chromium: once it computes, the sheet is in place.
USER_SHEET_SENTINEL = "html { caret-color: rgb(1, 2, 3) !important; }"

def user_sheet_extension(css, folder):
    """An unpacked extension that inserts `css` with user origin into every page as it commits
    (chrome.scripting.insertCSS with origin USER: Chromium has no command-line or DevTools way to
    give a user style sheet), followed by USER_SHEET_SENTINEL; returns its folder."""
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "manifest.json"), "w") as f:
        json.dump({"manifest_version": 3, "name": "user style sheet", "version": "1", "permissions": ["scripting", "webNavigation"],
                   "host_permissions": ["<all_urls>"], "background": {"service_worker": "background.js"}}, f)
    with open(os.path.join(folder, "background.js"), "w") as f:
        f.write("const css = %s;\n" % json.dumps(css + "\n" + USER_SHEET_SENTINEL))
        f.write("chrome.webNavigation.onCommitted.addListener(d => {\n"
                "  chrome.scripting.insertCSS({target: {tabId: d.tabId, frameIds: [d.frameId]}, css: css, origin: 'USER'}).catch(() => {});\n"
                "});\n")
    return folder

def wait_for_user_sheet(d, seconds=20):
    """Waits until the user style sheet of `driver(user_css=…)` applies to the page just loaded.
    The extension that inserts it may come late to the first page a fresh browser loads on a
    busy machine (a CI run once lost a document so): halfway, the page is loaded once more."""
    import time
    start = time.time()
    reloaded = False
    while time.time() < start + seconds:
        if d.execute_script("return getComputedStyle(document.documentElement).caretColor") == "rgb(1, 2, 3)":
            return True
        if not reloaded and time.time() > start + seconds / 2:
            d.refresh()
            reloaded = True
        time.sleep(0.05)
    return False

def driver(width=None, height=None, scripts=True, font_size=None, user_css=None, work=None):
    """A headless Chromium; with a size, its viewport and its screen are exactly width × height CSS px
    at 1 dppx (a reading system's full-screen page, as MediaAssumptions takes it);
    `scripts=False`: the book's own scripts do not run (our scripts still do); `font_size`: the
    default font size (the `default_font_size` preference, a browser's font size setting);
    `user_css`: a user style sheet's text, applied with user origin by an extension made in `work`
    (call wait_for_user_sheet after each page load)."""
    os.environ["SE_AVOID_STATS"] = "true"
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--no-first-run", "--disable-background-networking", "--host-resolver-rules=MAP * ~NOTFOUND"]:
        options.add_argument(flag)
    if user_css is not None:
        folder = user_sheet_extension(user_css, os.path.join(work, "user-sheet-extension"))
        options.add_argument("--load-extension=" + folder)
        options.add_argument("--disable-extensions-except=" + folder)
    else:
        options.add_argument("--disable-extensions")
    if font_size:
        options.add_experimental_option("prefs", {"webkit": {"webprefs": {"default_font_size": int(font_size)}}})
    options.binary_location = shutil.which("chromium")
    d = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)
    d.set_page_load_timeout(20)
    d.set_script_timeout(60)
    if not scripts:
        d.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    if width and height:
        d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False,
                                                              "screenWidth": width, "screenHeight": height})
    return d

def xhtml_documents(folder):
    """Container paths of the XHTML manifest items, from container.xml and the package."""
    container = ET.parse(os.path.join(folder, "META-INF", "container.xml"))
    rootfile = container.find(".//{urn:oasis:names:tc:opendocument:xmlns:container}rootfile").get("full-path")
    package = ET.parse(os.path.join(folder, rootfile))
    base = os.path.dirname(rootfile)
    for item in package.iter("{http://www.idpf.org/2007/opf}item"):
        if item.get("media-type") == "application/xhtml+xml" and "://" not in item.get("href", ""):
            yield os.path.normpath(os.path.join(base, unquote(item.get("href").split("#")[0]))).replace(os.sep, "/")

def books(paths):
    """The books named: .epub files and folders, and the .epub files of folders that are not books."""
    for p in paths:
        if os.path.isdir(p) and not os.path.exists(os.path.join(p, "META-INF")):
            yield from sorted(os.path.join(p, n) for n in os.listdir(p) if n.lower().endswith(".epub"))
        else:
            yield p

def styled_export(binary, book, folder, extra=()):
    """`export --format json --styles --lenient` of a book (with `extra` arguments), read back (the
    file is removed); None when the export fails."""
    out = os.path.join(folder, "export.json")
    if os.path.exists(out):
        os.remove(out)
    run = subprocess.run([binary, "export", "--format", "json", "--styles", "--lenient", *extra, book, "-o", out], capture_output=True, text=True)
    if run.returncode != 0 or not os.path.exists(out):
        return None
    with open(out, encoding="utf-8") as f:
        data = json.load(f)
    os.remove(out)
    return data

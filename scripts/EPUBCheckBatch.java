// Runs EPUBCheck 5.3.0 on many files in one JVM (a JVM start costs ~10 s of CPU per file otherwise).
// Usage: java -cp epubcheck.jar scripts/EPUBCheckBatch.java [--json-dir DIR] FILE.epub...
// Prints "PATH fatals errors warnings" per file and exits 1 when any file has a fatal, error or warning.
// With --json-dir, also writes each file's JSON report (-u, EPUBCheck's --json) as DIR/NAME.json.
import com.adobe.epubcheck.tool.EpubChecker;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public class EPUBCheckBatch {
    public static void main(String[] args) throws Exception {
        Pattern counts = Pattern.compile("Messages: (\\d+) fatals? / (\\d+) errors? / (\\d+) warnings?");
        PrintStream out = System.out;
        boolean failed = false;
        String jsonDir = null;
        int first = 0;
        if (args.length >= 2 && args[0].equals("--json-dir")) { jsonDir = args[1]; first = 2; }
        for (int i = first; i < args.length; i++) {
            String path = args[i];
            ByteArrayOutputStream buffer = new ByteArrayOutputStream();
            PrintStream capture = new PrintStream(buffer, true, "UTF-8");
            System.setOut(capture);
            System.setErr(capture);
            if (jsonDir == null) {
                new EpubChecker().run(new String[] { path });
            } else {
                String name = new java.io.File(path).getName().replaceAll("\\.epub$", "");
                new EpubChecker().run(new String[] { path, "-u", "--json", jsonDir + "/" + name + ".json" });
            }
            System.setOut(out);
            String text = buffer.toString("UTF-8");
            Matcher m = counts.matcher(text);
            if (m.find()) {
                out.println(path + " " + m.group(1) + " " + m.group(2) + " " + m.group(3));
                if (!m.group(1).equals("0") || !m.group(2).equals("0") || !m.group(3).equals("0")) { failed = true; out.print(text); }
            } else if (text.contains("No errors or warnings detected")) {
                out.println(path + " 0 0 0");
            } else {
                out.println(path + " ? ? ?");
                out.print(text);
                failed = true;
            }
        }
        System.exit(failed ? 1 : 0);
    }
}

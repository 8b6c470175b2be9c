// Runs EPUBCheck 5.3.0 on many files in one JVM (a JVM start costs ~10 s of CPU per file otherwise).
// Usage: java -cp epubcheck.jar scripts/EPUBCheckBatch.java [--json-dir DIR] FILE...
// A FILE written PATH::MODE is checked alone in that mode (xhtml, svg, nav, mo, opf; EPUB 3.0), as
// `epubcheck PATH -mode MODE -v 3.0` does.
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
            String mode = null;
            int sep = path.lastIndexOf("::");
            if (sep > 0) { mode = path.substring(sep + 2); path = path.substring(0, sep); }
            ByteArrayOutputStream buffer = new ByteArrayOutputStream();
            PrintStream capture = new PrintStream(buffer, true, "UTF-8");
            System.setOut(capture);
            System.setErr(capture);
            java.util.List<String> command = new java.util.ArrayList<>(java.util.List.of(path));
            if (mode != null) { command.addAll(java.util.List.of("-mode", mode, "-v", "3.0")); }
            if (jsonDir != null) {
                String name = new java.io.File(path).getName().replaceAll("\\.[A-Za-z]+$", "");
                command.addAll(java.util.List.of("-u", "--json", jsonDir + "/" + name + ".json"));
            }
            new EpubChecker().run(command.toArray(new String[0]));
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

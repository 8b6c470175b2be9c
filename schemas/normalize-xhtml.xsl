<?xml version="1.0" encoding="UTF-8"?>
<!--
  Normalizes one content document for `epubcontract export`: an XHTML tree (from the XML parser,
  or from libxml2's HTML parser when the file was not well-formed: its elements have no namespace)
  becomes XHTML with the XHTML and epub namespaces declared once on the root; scripts and event
  handler attributes are left out. Links are rewritten afterwards, in Swift, from the export's map.
-->
<xsl:stylesheet version="1.0"
    xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
    xmlns:h="http://www.w3.org/1999/xhtml"
    xmlns:svg="http://www.w3.org/2000/svg"
    exclude-result-prefixes="h svg">
  <xsl:output method="xml" encoding="UTF-8"/>

  <!-- The root: every namespace the renderer needs, declared once. -->
  <xsl:template match="/h:html | /html">
    <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">
      <xsl:apply-templates select="@* | node()"/>
    </html>
  </xsl:template>

  <!-- Elements are rebuilt, so they carry no namespace declarations of their own. -->
  <xsl:template match="*">
    <xsl:element name="{name()}" namespace="{namespace-uri()}">
      <xsl:apply-templates select="@* | node()"/>
    </xsl:element>
  </xsl:template>

  <!-- HTML-parsed elements have no namespace: they are XHTML. -->
  <xsl:template match="*[namespace-uri() = '']">
    <xsl:element name="{local-name()}" namespace="http://www.w3.org/1999/xhtml">
      <xsl:apply-templates select="@* | node()"/>
    </xsl:element>
  </xsl:template>

  <!-- A name the HTML parser accepted but XML cannot carry (`br:`, `a:b:c`, `:p`, `.p`): the
       element is dropped and its content kept, so one bad tag never costs the document. -->
  <xsl:template priority="1" match="*[namespace-uri() = '' and (starts-with(name(), ':')
      or substring(name(), string-length(name())) = ':'
      or contains(substring-after(name(), ':'), ':') or contains(local-name(), ':')
      or translate(substring(name(), 1, 1), '.-0123456789', '') = '')]">
    <xsl:apply-templates select="node()"/>
  </xsl:template>

  <xsl:template match="@* | text() | comment()">
    <xsl:copy/>
  </xsl:template>

  <!-- The HTML parser keeps namespace declarations and prefixed names as plain attributes: the
       declarations go (the output declares what it uses), known prefixes get their namespace,
       other prefixed attributes (whose namespace is unknown) are left out. -->
  <xsl:template match="@*[namespace-uri() = '' and (name() = 'xmlns' or starts-with(name(), 'xmlns:'))]"/>
  <xsl:template match="@*[namespace-uri() = '' and contains(name(), ':')]">
    <xsl:variable name="prefix" select="substring-before(name(), ':')"/>
    <xsl:variable name="local" select="substring-after(name(), ':')"/>
    <xsl:choose>
      <xsl:when test="$prefix = 'epub'">
        <xsl:attribute name="epub:{$local}" namespace="http://www.idpf.org/2007/ops"><xsl:value-of select="."/></xsl:attribute>
      </xsl:when>
      <xsl:when test="$prefix = 'xml'">
        <xsl:attribute name="xml:{$local}" namespace="http://www.w3.org/XML/1998/namespace"><xsl:value-of select="."/></xsl:attribute>
      </xsl:when>
      <xsl:when test="$prefix = 'xlink'">
        <xsl:attribute name="xlink:{$local}" namespace="http://www.w3.org/1999/xlink"><xsl:value-of select="."/></xsl:attribute>
      </xsl:when>
    </xsl:choose>
  </xsl:template>

  <!-- Not exported: scripts, event handlers, a base that would redirect the rewritten links. -->
  <xsl:template match="h:script | svg:script | script | h:base | base"/>
  <xsl:template match="@*[namespace-uri() = '' and starts-with(local-name(), 'on')]"/>
  <xsl:template match="processing-instruction()"/>
</xsl:stylesheet>

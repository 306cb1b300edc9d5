// A function permalink (Eleventy would otherwise compile a Nunjucks string
// for every one of thousands of device pages), from the resource table.
export default {
  permalink: (data) => data.files.device(data.d.doc.slug),
  eleventyComputed: { description: (data) => data.d.description },
};

// Each A–Z page its own address, title and description (functions, as for
// device pages: no Nunjucks string compiled per page). The title stays short
// for search results; the description names the devices the page runs from and to.
export default {
  permalink: (data) => data.bp.permalink,
  eleventyComputed: {
    title: (data) => data.bp.title,
    description: (data) => {
      const { entries, noun } = data.bp;
      return `Support lifecycle records of ${noun} A–Z, ${entries[0].name} to ${entries[entries.length - 1].name}: when each stops getting OS and security updates.`;
    },
  },
};
